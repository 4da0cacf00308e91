import { beforeEach, describe, expect, it } from 'vitest';
import { createStore, set } from 'idb-keyval';
import { Upload, clearStoredUploads, listStoredUploads } from '../../src/index.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { conversation, incomplete, script, sessionOf, sessionStarted, type ScriptedAnswer } from './support/scripted.ts';
import { endpoint, faultHeaders, serverUrl, sessionLog } from './support/server.ts';
import { fast, nextState, rejection } from './support/upload-helpers.ts';
import { MemorySessionStore } from './support/memory-session-store.ts';
import { until } from '../support/until.ts';

// A server that contradicts itself, and callers that pause, resume, restart and abort in the middle
// of its answers: each conversation ends in a typed error, never in a success the server's own words
// rule out, and nothing is sent after an abort but the one DELETE it asks for.

const MiB = 4 * QUANTUM;
const final = (size: number): ScriptedAnswer => ({ status: 200, json: { id: 'x', size: String(size) } });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => clearStoredUploads());

describe('a session that said it holds fewer bytes may claim no more than it was sent since', () => {
  const upload = (s: { base: string }) => new Upload(patternFile(MiB), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast });
  const allSent = [
    `PUT bytes 0-262143/${MiB}`,
    `PUT bytes 262144-524287/${MiB}`,
    `PUT bytes 524288-786431/${MiB}`,
    `PUT bytes 786432-1048575/${MiB}`,
  ];

  it("a status query that confirms 256 KiB, one chunk sent, then a final answer for 1 MiB: 'protocol'", async () => {
    const s = await script((urls) => [
      sessionStarted(urls),
      incomplete(QUANTUM),
      incomplete(2 * QUANTUM),
      incomplete(3 * QUANTUM),
      { status: 503 }, // the last chunk fails...
      incomplete(QUANTUM), // ...and the session says it holds only the first 256 KiB
      { status: 503 }, // the second chunk, sent again, fails too
      final(MiB), // and now it claims the whole file: at most 512 KiB can be there
    ]);
    const error = await rejection(upload(s).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`after only ${2 * QUANTUM} of ${MiB} bytes were sent`);
    expect(conversation((await s.requests()).slice(1))).toEqual([
      ...allSent,
      `PUT bytes */${MiB}`,
      `PUT bytes 262144-524287/${MiB}`,
      `PUT bytes */${MiB}`,
    ]);
  });

  it("the last chunk answered with a Range lowered to 256 KiB, then a final answer to the status query: 'protocol'", async () => {
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), incomplete(2 * QUANTUM), incomplete(3 * QUANTUM), incomplete(QUANTUM), final(MiB)]);
    const error = await rejection(upload(s).start());
    expect(error.code).toBe('protocol');
    expect(conversation((await s.requests()).slice(1))).toEqual([...allSent, `PUT bytes */${MiB}`]);
  });

  it('a lowered Range is still followed: the bytes are sent again from there and the upload finishes', async () => {
    const s = await script((urls) => [
      sessionStarted(urls),
      incomplete(QUANTUM),
      incomplete(2 * QUANTUM),
      incomplete(3 * QUANTUM),
      incomplete(QUANTUM), // lost three chunks: a retry, then the status query
      incomplete(QUANTUM),
      incomplete(2 * QUANTUM),
      incomplete(3 * QUANTUM),
      final(MiB),
    ]);
    const result = await upload(s).start();
    expect(result.status).toBe(200);
    expect(conversation((await s.requests()).slice(1))).toEqual([...allSent, `PUT bytes */${MiB}`, ...allSent.slice(1)]);
  });
});

describe('adopted sessions with pause, resume, a new session and a second start()', () => {
  it("paused after its first status query, resumed, then a final answer: 'protocol'", async () => {
    const s = await script([incomplete(QUANTUM), final(MiB)]);
    const up = new Upload(patternFile(MiB), { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast });
    up.addEventListener('progress', () => up.pause(), { once: true });
    const done = rejection(up.start());
    await nextState(up, 'paused');
    up.resume();
    expect((await done).code).toBe('protocol');
    // The chunk the pause cancelled before it left is no byte sent: the resume asks first.
    expect(conversation(await s.requests())).toEqual([`PUT bytes */${MiB}`, `PUT bytes */${MiB}`]);
  });

  it("expired (404), restarted from the endpoint: the new session's final answer after a failed chunk is 'protocol'", async () => {
    const s = await script((urls) => [{ status: 404 }, sessionStarted(urls), incomplete(QUANTUM), { status: 503 }, final(MiB)]);
    const up = new Upload(patternFile(MiB), { endpoint: `${s.base}/upload`, sessionUri: `${s.base}/session?upload_id=old`, chunkSize: QUANTUM, retry: fast });
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`${sessionOf(s)} answered 200 (finished) after only ${2 * QUANTUM} of ${MiB} bytes were sent`);
    // Caught lying, the session is not offered to resume from.
    expect(up.sessionUri).toBeUndefined();
  });

  it("a Range beyond what was sent is 'protocol', and so is a final answer to the next start()", async () => {
    const s = await script([incomplete(QUANTUM), incomplete(3 * QUANTUM), final(MiB), final(MiB)]);
    const up = new Upload(patternFile(MiB), { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast });
    expect((await rejection(up.start())).code).toBe('protocol');
    const again = await rejection(up.start());
    expect(again.code).toBe('protocol');
    expect(again.message).toContain(`after only ${2 * QUANTUM} of ${MiB} bytes were sent`);
    expect(conversation(await s.requests())).toEqual([`PUT bytes */${MiB}`, `PUT bytes 262144-524287/${MiB}`, `PUT bytes */${MiB}`]);
  });
});

describe("method: 'PATCH' with an early final answer", () => {
  it.each([
    ['the right size', final(MiB)],
    ['no size', { status: 200, json: { id: 'x' } }],
  ])("after the first chunk, with %s, is 'protocol'", async (_, early) => {
    const s = await script((urls) => [sessionStarted(urls), early]);
    const up = new Upload(patternFile(MiB), { endpoint: `${s.base}/upload/drive/v3/files/x`, method: 'PATCH', chunkSize: QUANTUM, retry: fast });
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect((await s.requests()).map((r) => r.method)).toEqual(['PATCH', 'PUT']);
  });
});

describe('a redirect to another origin, on a status query', () => {
  const elsewhere = (urls: { otherOrigin: string }): ScriptedAnswer => ({
    status: 307,
    headers: { Location: `${urls.otherOrigin}/session?upload_id=elsewhere` },
  });

  it("after a failed chunk is 'protocol', although the other origin answers with a success", async () => {
    const file = patternFile(2 * QUANTUM);
    const s = await script((urls) => [sessionStarted(urls), { status: 503 }, elsewhere(urls), final(file.size)]);
    const error = await rejection(new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast }).start());
    expect(error.code).toBe('protocol');
    expect((await s.requests()).map((r) => r.origin)).toEqual([...Array(3).fill(new URL(s.base).origin), new URL(s.otherOrigin).origin]);
  });

  it("the first one of an adopted session is 'protocol'", async () => {
    const file = patternFile(2 * QUANTUM);
    const s = await script((urls) => [elsewhere(urls), final(file.size)]);
    const error = await rejection(new Upload(file, { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast }).start());
    expect(error.code).toBe('protocol');
  });

  it("a 308 with a Location to another origin (which the browser follows) is 'protocol'", async () => {
    const file = patternFile(2 * QUANTUM);
    const s = await script((urls) => [
      sessionStarted(urls),
      { status: 308, headers: { Range: `bytes=0-${QUANTUM - 1}`, Location: `${urls.otherOrigin}/session?upload_id=elsewhere` } },
      final(file.size),
    ]);
    const error = await rejection(new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast }).start());
    expect(error.code).toBe('protocol');
  });
});

describe('a redirect on the same origin, on a request to the session', () => {
  it("a 308 with a Location to another session of the same server (which the browser follows) is 'protocol', although that session answers with a success", async () => {
    const file = patternFile(2 * QUANTUM);
    const s = await script((urls) => [
      sessionStarted(urls),
      { status: 308, headers: { Range: `bytes=0-${QUANTUM - 1}`, Location: `${urls.base}/session?upload_id=elsewhere` } },
      final(file.size),
    ]);
    const error = await rejection(new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast }).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain('upload_id=elsewhere');
    const path = new URL(s.base).pathname;
    expect((await s.requests()).map((r) => r.url)).toEqual([
      `${path}/upload?uploadType=resumable`,
      new URL(sessionOf(s)).pathname + new URL(sessionOf(s)).search,
      `${path}/session?upload_id=elsewhere`, // the browser's own resend: nothing more after it
    ]);
  });
});

describe('abort({ terminate: true }) racing a request in flight', () => {
  const headers = { 'X-Api-Key': 'secret-api-key' };
  // Whatever would come after the abort finds an answer that would let it go on.
  const more = [incomplete(2 * QUANTUM), final(3 * QUANTUM), final(3 * QUANTUM)];

  it.each([
    // Held unanswered until the abort, however long the machine takes to get there.
    ['a chunk', (urls: { base: string; otherOrigin: string }) => [sessionStarted(urls), incomplete(QUANTUM), { ...incomplete(2 * QUANTUM), hold: 'request' as const }], 3],
    ['a status query', (urls: { base: string; otherOrigin: string }) => [sessionStarted(urls), { status: 503 }, { ...incomplete(QUANTUM), hold: 'request' as const }], 3],
  ] as const)('while %s waits for its answer: the one DELETE follows, with no header and no body', async (_, answers, inFlight) => {
    const s = await script((urls) => [...answers(urls), { status: 499 }, ...more]);
    const up = new Upload(patternFile(3 * QUANTUM), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast, headers });
    const done = rejection(up.start());
    await until(async () => (await s.requests()).length >= inFlight, `request ${inFlight} arrives`, 10);
    up.abort({ terminate: true });
    expect((await done).code).toBe('aborted');
    await wait(700); // room for anything that would wrongly follow: a retry, a request after the held one
    const requests = await s.requests();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'PUT', 'PUT', 'DELETE']);
    expect(requests[3]).toMatchObject({ url: new URL(sessionOf(s)).pathname + new URL(sessionOf(s)).search, bodyBytes: 0 });
    expect(requests[3]!.headers['x-api-key']).toBeUndefined();
  });

  it('while waiting to retry: the one DELETE follows', async () => {
    const s = await script((urls) => [sessionStarted(urls), { status: 503 }, { status: 499 }, ...more]);
    const up = new Upload(patternFile(3 * QUANTUM), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: { ...fast, baseDelayMs: 300 } });
    const done = rejection(up.start());
    await nextState(up, 'retrying');
    up.abort({ terminate: true });
    expect((await done).code).toBe('aborted');
    await wait(700);
    expect((await s.requests()).map((r) => r.method)).toEqual(['POST', 'PUT', 'DELETE']);
  });

  it('while the session start waits for its answer: nothing follows (there is no session to end yet)', async () => {
    const s = await script((urls) => [{ ...sessionStarted(urls), hold: 'request' }, ...more]);
    const up = new Upload(patternFile(3 * QUANTUM), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast });
    const done = rejection(up.start());
    await until(async () => (await s.requests()).length >= 1, 'the session start arrives', 10);
    up.abort({ terminate: true });
    expect((await done).code).toBe('aborted');
    await wait(700);
    expect((await s.requests()).map((r) => r.method)).toEqual(['POST']);
  });
});

describe('checks that sit behind others, alone', () => {
  it("a Range one byte beyond what was sent is 'protocol'", async () => {
    const s = await script((urls) => [sessionStarted(urls), { status: 308, headers: { Range: `bytes=0-${QUANTUM}` } }, final(MiB)]);
    const error = await rejection(new Upload(patternFile(MiB), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast }).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`claims ${QUANTUM + 1} bytes committed`);
  });

  it("a chunk refused with 400, then a status query claiming more than was sent: 'protocol'", async () => {
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 400 }, incomplete(3 * QUANTUM), incomplete(MiB - 1), final(MiB)]);
    const error = await rejection(new Upload(patternFile(MiB), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast }).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`claims ${3 * QUANTUM} bytes committed`);
    expect((await s.requests()).length).toBe(4);
  });

  it('an adopted session whose first answer held every byte (a 308, refused) may be finished by the next start()', async () => {
    const s = await script([incomplete(MiB), final(MiB)]);
    const up = new Upload(patternFile(MiB), { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast });
    expect((await rejection(up.start())).code).toBe('protocol');
    expect((await up.start()).status).toBe(200);
    expect(conversation(await s.requests())).toEqual([`PUT bytes */${MiB}`, `PUT bytes */${MiB}`]);
  });
});

describe('a crafted stored record is deleted and a new session started', () => {
  const sessions = () => createStore('resumable-upload', 'sessions');
  const file = patternFile(2 * QUANTUM + 9, 'crafted.bin');

  it.each([
    ['a javascript: session URI', () => ({ sessionUri: 'javascript:alert(1)' })],
    ['a blob: session URI of the endpoint origin', () => ({ sessionUri: `blob:${serverUrl}/0d6e4079-e4cf-4f3b-9a5e-9a5ff5f4a0d1` })],
    ['an http: session URI off this machine', () => ({ sessionUri: 'http://uploads.example/upload?upload_id=x' })],
    ['a relative session URI', () => ({ sessionUri: '/upload?upload_id=x' })],
    ['the stored session URI with a user name and password', (uri: string) => ({ sessionUri: uri.replace('://', '://user:password@') })],
    ['a session URI that is no string', () => ({ sessionUri: { href: 'https://uploads.example/upload?upload_id=x' } })],
    ['a size as text', () => ({ size: String(file.size) })],
    ['NaN bytes committed', () => ({ bytesCommitted: NaN })],
    ['an infinite size', () => ({ size: Infinity })],
    ['a date beyond the safe integers', () => ({ updatedAt: 1e300 })],
    ['a negative date', () => ({ createdAt: -1 })],
    ['the version as text', () => ({ version: '2' })],
    ['metadata that is an array', () => ({ metadata: ['folder-B'] })],
    // `metadata(file, item)` may make the server's path from it; shown, it would read `xexe.jpg/crafted.bin`.
    ['a folder path with a right-to-left override', () => ({ relativePath: 'x\u202Egpj.exe/crafted.bin' })],
    // Each alone, not behind listStoredUploads (which removes such a record first).
    ["a size that is not the file's", () => ({ size: file.size + 1 })],
    ["another file's fingerprint", () => ({ fingerprint: 'f'.repeat(64) })],
  ])('%s', async (_, change) => {
    const url = endpoint();
    const first = new Upload(file, {
      endpoint: url,
      chunkSize: QUANTUM,
      retry: fast,
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
    });
    expect((await rejection(first.start())).code).toBe('http');
    const before = (await sessionLog(first.sessionUri!)).requests.length;
    const [record] = await listStoredUploads(url);
    await set(record!.fingerprint, { ...record!, ...change(record!.sessionUri) }, sessions());
    const again = new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast });
    const result = await again.start();
    expect(result.sessionUri).not.toBe(first.sessionUri);
    expect(Number((result.body as { size: string }).size)).toBe(file.size);
    expect((await sessionLog(first.sessionUri!)).requests).toHaveLength(before);
    expect(await listStoredUploads(url)).toEqual([]);
  });
});

describe('a session URI with a user name and password (fetch refuses it: no status query could ever be asked)', () => {
  it("given as sessionUri is 'invalid-option'", () => {
    expect(() => new Upload(patternFile(1), { sessionUri: 'https://user:password@uploads.example/upload?upload_id=x' })).toThrowError(
      expect.objectContaining({ code: 'invalid-option' }),
    );
  });

  it("as the Location of a session start is 'protocol', and no byte is sent", async () => {
    const s = await script((urls) => [{ status: 200, headers: { Location: sessionOf(urls).replace('://', '://user:password@') } }, final(QUANTUM)]);
    const error = await rejection(new Upload(patternFile(QUANTUM), { endpoint: `${s.base}/upload`, retry: fast }).start());
    expect(error.code).toBe('protocol');
    expect((await s.requests()).map((r) => r.method)).toEqual(['POST']);
  });
});

describe('a custom store that answers with another file\'s record (keyed carelessly)', () => {
  it('is not taken up: the file gets a session of its own, and the other session receives nothing', async () => {
    const url = endpoint();
    const store = new MemorySessionStore();
    const other = patternFile(2 * QUANTUM, 'same-size.bin', 'application/octet-stream', 1);
    const first = new Upload(other, { endpoint: url, chunkSize: QUANTUM, retry: fast, store, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]) });
    expect((await rejection(first.start())).code).toBe('http');
    const before = (await sessionLog(first.sessionUri!)).requests.length;
    const [record] = await store.list();
    const careless = Object.assign(new MemorySessionStore(), { get: async () => structuredClone(record) });
    const file = patternFile(2 * QUANTUM, 'same-size.bin', 'application/octet-stream', 2);
    const result = await new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast, store: careless }).start();
    expect(result.sessionUri).not.toBe(first.sessionUri);
    expect((await sessionLog(first.sessionUri!)).requests).toHaveLength(before);
  });
});

describe('a Retry-After beyond what a timer can wait (2^31 − 1 ms, about 24.8 days)', () => {
  it('is waited for as long as a timer can, not retried at once', async () => {
    const s = await script((urls) => [{ status: 503, headers: { 'Retry-After': '99999999999' } }, sessionStarted(urls), final(10)]);
    const up = new Upload(patternFile(10), { endpoint: `${s.base}/upload`, retry: { ...fast, maxRetryAfterMs: 2 ** 40 } });
    const waiting = new Promise<number>((resolve) => up.addEventListener('statechange', (e) => e.detail.state === 'retrying' && resolve(e.detail.retryInMs!)));
    const done = up.start().catch(() => undefined);
    expect(await waiting).toBe(2 ** 31 - 1);
    await wait(300);
    expect((await s.requests()).length).toBe(1);
    up.abort();
    await done;
  });
});

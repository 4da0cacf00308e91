import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads } from '../../src/index.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { conversation, incomplete, script, sessionOf, sessionStarted } from './support/scripted.ts';
import { fast, rejection } from './support/upload-helpers.ts';

// Servers that lie, scripted answer by answer: each must end in a typed error, never a success.

const MiB = 4 * QUANTUM;
const final = (size: number) => ({ status: 200, json: { id: 'x', size: String(size) } });

beforeEach(() => clearStoredUploads());

describe('an adopted session may claim any count only at its first status query', () => {
  it("a final answer after a failed chunk, with half the file sent, is 'protocol'", async () => {
    const file = patternFile(MiB);
    const s = await script([incomplete(0), incomplete(QUANTUM), { status: 503 }, final(MiB)]);
    const up = new Upload(file, { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast });
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect(conversation(await s.requests())).toEqual([
      `PUT bytes */${MiB}`,
      `PUT bytes 0-262143/${MiB}`,
      `PUT bytes 262144-524287/${MiB}`,
      `PUT bytes */${MiB}`,
    ]);
  });

  it("a Range beyond what was sent, after a failed chunk, is 'protocol'", async () => {
    const file = patternFile(MiB);
    const s = await script([incomplete(0), incomplete(QUANTUM), { status: 503 }, incomplete(MiB - 1), final(MiB)]);
    const up = new Upload(file, { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast });
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`claims ${MiB - 1} bytes committed`);
    expect((await s.requests()).length).toBe(4); // nothing sent after the impossible claim
  });

  it('at its first status query, it may hold the whole file already (finished elsewhere)', async () => {
    const file = patternFile(MiB);
    const s = await script([final(MiB)]);
    const result = await new Upload(file, { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast }).start();
    expect(result.status).toBe(200);
  });

  it("a session found in storage: the same lie after its first status query is 'protocol'", async () => {
    const file = patternFile(MiB, 'stored.bin');
    const s = await script((urls) => [
      sessionStarted(urls),
      incomplete(QUANTUM),
      { status: 403 }, // the first page stops here, its session kept in IndexedDB
      incomplete(QUANTUM), // the next page asks the stored session where it stands
      { status: 503 },
      final(MiB),
    ]);
    const endpoint = `${s.base}/upload`;
    expect((await rejection(new Upload(file, { endpoint, chunkSize: QUANTUM, retry: fast }).start())).code).toBe('http');
    const again = new Upload(file, { endpoint, chunkSize: QUANTUM, retry: fast });
    const error = await rejection(again.start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`${sessionOf(s)} answered 200 (finished)`);
    // Caught lying, the session is not offered to resume from.
    expect(again.sessionUri).toBeUndefined();
  });
});

describe('a redirect to another origin', () => {
  const headers = { 'X-Api-Key': 'secret-api-key', Authorization: 'Bearer secret-token' };

  it("of the session start is 'protocol', and no byte follows", async () => {
    const file = patternFile(QUANTUM + 1);
    const s = await script((urls) => [
      { status: 307, headers: { Location: `${urls.otherOrigin}/upload?uploadType=resumable` } },
      { status: 200, headers: { Location: `${urls.otherOrigin}/session?upload_id=elsewhere` } },
      incomplete(QUANTUM),
      final(file.size),
    ]);
    const error = await rejection(new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast, headers }).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(new URL(s.otherOrigin).origin);
    const requests = await s.requests();
    expect(requests.map((r) => `${r.method} ${r.origin}`)).toEqual([`POST ${new URL(s.base).origin}`, `POST ${new URL(s.otherOrigin).origin}`]);
    // What the README warns of: the browser followed the redirect with the request's own headers,
    // all but Authorization, which browsers drop on the way to another origin.
    expect(requests[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(requests[1]!.headers['x-api-key']).toBe('secret-api-key');
    expect(requests[1]!.headers.authorization).toBeUndefined();
  });

  it("of a chunk is 'protocol', even when the other origin answers with a success", async () => {
    const file = patternFile(2 * QUANTUM);
    const s = await script((urls) => [
      sessionStarted(urls),
      { status: 307, headers: { Location: `${urls.otherOrigin}/session?upload_id=elsewhere` } },
      incomplete(QUANTUM),
      final(file.size),
    ]);
    const error = await rejection(new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast, headers }).start());
    expect(error.code).toBe('protocol');
    expect((await s.requests()).map((r) => `${r.method} ${r.origin}`)).toEqual([
      `POST ${new URL(s.base).origin}`,
      `PUT ${new URL(s.base).origin}`,
      `PUT ${new URL(s.otherOrigin).origin}`,
    ]);
  });
});

describe('a final answer before all bytes were sent', () => {
  // The reference server's early final reports its size, which the size check catches first; this
  // server reports none, so only the guard on what was sent stands between it and a false success.
  it("after the first of three chunks, with no size in its body, is 'protocol'", async () => {
    const file = patternFile(3 * QUANTUM);
    const s = await script((urls) => [sessionStarted(urls), { status: 200, json: {} }]);
    const up = new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast });
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`after only ${QUANTUM} of ${3 * QUANTUM} bytes were sent`);
  });
});

describe("a session URI given without an endpoint, on another origin than the page's (a backend's session on a storage host)", () => {
  const headers = { Authorization: 'Bearer app-token' };

  it("gets none of the app's headers", async () => {
    const file = patternFile(QUANTUM);
    const s = await script([incomplete(0), final(QUANTUM)]);
    await new Upload(file, { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast, headers, store: false }).start();
    const requests = await s.requests();
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
  });

  it('gets them when credentialOrigins lists its origin', async () => {
    const file = patternFile(QUANTUM);
    const s = await script([incomplete(0), final(QUANTUM)]);
    const credentialOrigins = [new URL(s.base).origin];
    await new Upload(file, { sessionUri: sessionOf(s), chunkSize: QUANTUM, retry: fast, headers, credentialOrigins, store: false }).start();
    expect((await s.requests()).map((r) => r.headers.authorization)).toEqual(['Bearer app-token', 'Bearer app-token']);
  });
});

import { describe, expect, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { NetworkFailure } from '../../src/transport/http-client.ts';
import { kyClient } from '../../src/transport/ky-client.ts';
import { xhrClient } from '../../src/transport/xhr-client.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { conversation, held, incomplete, script, sessionOf, sessionStarted, type ScriptedAnswer } from './support/scripted.ts';
import { endpoint, faultHeaders, sessionLog, type ServerSession } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';
import { until } from '../support/until.ts';

// Every request the engine sends is watched by `stallTimeoutMs`: one that never gets an answer, or
// whose answer never ends, is cancelled and retried like any network failure. The tests hold
// requests for good (the server never answers), so only the watchdog can end them, and assert
// what the server saw: a test that waited for the browser's own timeouts would time out instead.

// Small, yet far above what an answered request takes on a loaded machine: an answered request
// given up by mistake would add a request the scripts below do not expect.
const stallTimeoutMs = 1000;
const final = (size: number): ScriptedAnswer => ({ status: 200, json: { id: 'x', size: String(size) } });
const kinds = (log: ServerSession) =>
  log.requests.map((r) => `${r.kind} ${r.status}${r.dropped ? ' unanswered' : ''}`);

describe('a request that fires no event at all (XHR)', () => {
  // A blob body sent to a server that hangs still fires upload progress (the socket's buffers take
  // it), so these are the requests that fire none: only the watchdog armed before `send` ends them.
  it.each([
    ['whose preflight is never answered (the request itself never sent)', 'preflight', patternFile(QUANTUM)],
    ['with an empty body, to a server that never answers', 'request', new Blob([])],
  ] as const)('is given up as a NetworkFailure: a chunk %s', async (_, hold, body) => {
    const s = await script([held(hold)]);
    const request = xhrClient(stallTimeoutMs)({
      method: 'PUT',
      url: sessionOf(s),
      headers: { 'Content-Range': `bytes 0-${QUANTUM - 1}/${QUANTUM}` },
      body,
      signal: new AbortController().signal,
    });
    await expect(request).rejects.toBeInstanceOf(NetworkFailure);
    expect((await s.requests()).map((r) => r.method)).toEqual([hold === 'preflight' ? 'OPTIONS' : 'PUT']);
  });

  it('an upload whose chunk never leaves asks the session where it stands and sends it again', async () => {
    const size = QUANTUM;
    const s = await script((urls) => [sessionStarted(urls), held('preflight'), incomplete(0), final(size)]);
    const result = await new Upload(patternFile(size), { endpoint: `${s.base}/upload`, retry: fast, store: false, stallTimeoutMs }).start();
    expect(result.status).toBe(200);
    const requests = await s.requests();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'OPTIONS', 'PUT', 'PUT']);
    expect(conversation(requests.slice(2))).toEqual([`PUT bytes */${size}`, `PUT bytes 0-${size - 1}/${size}`]);
  });
});

describe('the control requests\' transport (fetch)', () => {
  it.each([
    ['never answered', held('request')],
    ['whose answer\'s body never ends', { ...incomplete(0), endlessBodyEveryMs: 50 }],
  ] as const)('gives up a status query %s as a NetworkFailure', async (_, answer) => {
    const s = await script([answer]);
    const request = kyClient(stallTimeoutMs)({
      method: 'PUT',
      url: sessionOf(s),
      headers: { 'Content-Range': 'bytes */1000' },
      body: '',
      signal: new AbortController().signal,
    });
    await expect(request).rejects.toBeInstanceOf(NetworkFailure);
    expect((await s.requests()).map((r) => r.method)).toEqual(['PUT']);
  });

  it('rejects with the caller\'s reason, not a NetworkFailure, when the caller aborts', async () => {
    const s = await script([held('request')]);
    const caller = new AbortController();
    const request = kyClient(stallTimeoutMs)({ method: 'PUT', url: sessionOf(s), headers: {}, body: '', signal: caller.signal });
    await until(async () => (await s.requests()).length > 0, 'the request arrives', 10);
    caller.abort(new Error('paused'));
    await expect(request).rejects.toThrow('paused');
  });
});

describe('a control request that gets no answer', () => {
  it('a session start: given up, started again, and the upload completes', async () => {
    const size = 100;
    const s = await script((urls) => [held('request'), sessionStarted(urls), final(size)]);
    const result = await new Upload(patternFile(size), { endpoint: `${s.base}/upload`, retry: fast, store: false, stallTimeoutMs }).start();
    expect(result.status).toBe(200);
    const requests = await s.requests();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST', 'PUT']);
    expect(conversation(requests.slice(2))).toEqual([`PUT bytes 0-${size - 1}/${size}`]);
  });

  it("a session start never answered, however often asked: 'network' once the retries are spent", async () => {
    const s = await script(Array.from({ length: fast.retries + 1 }, () => held('request')));
    const upload = new Upload(patternFile(100), { endpoint: `${s.base}/upload`, retry: fast, store: false, stallTimeoutMs });
    const error = await rejection(upload.start());
    expect(error.code).toBe('network');
    expect(upload.state).toBe('error');
    expect((await s.requests()).map((r) => r.method)).toEqual(Array(fast.retries + 1).fill('POST'));
  });

  it('a status query: given up, asked again, and the upload goes on from the answer', async () => {
    const file = patternFile(2 * QUANTUM);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      store: false,
      stallTimeoutMs,
      // The first chunk's connection breaks after the server kept it; the status query after it hangs.
      headers: faultHeaders([{ kind: 'reset', afterBytes: QUANTUM, commitBytes: QUANTUM }, { kind: 'hold', match: 'query' }]),
    });
    const result = await upload.start();
    await expectStored(result, file);
    expect(kinds(await sessionLog(result.sessionUri!))).toEqual(['start 200', 'chunk 0 unanswered', 'query 308 unanswered', 'query 308', 'chunk 201']);
  });

  it("a status query never answered, however often asked: 'network' once the retries are spent", async () => {
    const upload = new Upload(patternFile(2 * QUANTUM), {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      store: false,
      stallTimeoutMs,
      headers: faultHeaders([{ kind: 'reset', afterBytes: 0, commitBytes: 0 }, { kind: 'hold', match: 'query', times: 50 }]),
    });
    const error = await rejection(upload.start());
    expect(error.code).toBe('network');
    // The broken chunk spent one retry; each unanswered query one more, until none was left.
    expect(kinds(await sessionLog(upload.sessionUri!))).toEqual(['start 200', 'chunk 0 unanswered', ...Array(fast.retries).fill('query 308 unanswered')]);
  });

  it("a zero-byte file's final request: given up, sent again, and the upload completes", async () => {
    const file = patternFile(0);
    const upload = new Upload(file, { endpoint: endpoint(), retry: fast, store: false, stallTimeoutMs, headers: faultHeaders([{ kind: 'hold', match: 'query' }]) });
    const result = await upload.start();
    await expectStored(result, file);
    expect(kinds(await sessionLog(result.sessionUri!))).toEqual(['start 200', 'query 201 unanswered', 'query 201']);
  });
});

describe('an answer whose body never ends', () => {
  // Headers, then a byte now and then, for ever: each byte is progress, yet the answer never completes.
  const endless = (answer: ScriptedAnswer): ScriptedAnswer => ({ ...answer, endlessBodyEveryMs: 50 });
  const size = 2 * QUANTUM;
  // A longer watchdog than the file's: only the endless answer may stall, however busy the machine.
  const upload = (s: { base: string }) =>
    new Upload(patternFile(size), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast, store: false, stallTimeoutMs: 3 * stallTimeoutMs });

  it("a chunk's 308 (XHR): the chunk is given up, the session asked, and the upload goes on", async () => {
    const s = await script((urls) => [sessionStarted(urls), endless(incomplete(QUANTUM)), incomplete(QUANTUM), final(size)]);
    expect((await upload(s).start()).status).toBe(200);
    expect(conversation((await s.requests()).slice(1))).toEqual([
      `PUT bytes 0-${QUANTUM - 1}/${size}`,
      `PUT bytes */${size}`,
      `PUT bytes ${QUANTUM}-${size - 1}/${size}`,
    ]);
  });

  it("a status query's 308 (fetch): asked again, and the upload goes on", async () => {
    const s = await script((urls) => [sessionStarted(urls), { status: 503 }, endless(incomplete(QUANTUM)), incomplete(QUANTUM), final(size)]);
    expect((await upload(s).start()).status).toBe(200);
    expect(conversation((await s.requests()).slice(1))).toEqual([
      `PUT bytes 0-${QUANTUM - 1}/${size}`,
      `PUT bytes */${size}`,
      `PUT bytes */${size}`,
      `PUT bytes ${QUANTUM}-${size - 1}/${size}`,
    ]);
  });
});

describe('a `stallTimeoutMs` longer than a timer holds', () => {
  // A browser fires a timer of more than 2^31 − 1 ms at once: unheld, every request would be given
  // up as it starts. Held to that, no request is given up: the server sees each one once, answered.
  it.each([2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER])('%d watches requests as the longest timer does', async (longest) => {
    const size = 2 * QUANTUM;
    const upload = new Upload(patternFile(size), {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      store: false,
      stallTimeoutMs: longest,
      // Answers that take a while (a busy server): far within the watch, far beyond a timer fired at once.
      headers: faultHeaders([{ kind: 'delay', ms: 200, times: 3 }]),
    });
    const result = await upload.start();
    expect(result.status).toBe(201);
    expect(kinds(await sessionLog(result.sessionUri!))).toEqual(['start 200', 'chunk 308', 'chunk 201']);
  });
});

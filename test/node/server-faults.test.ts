import { describe, expect, it } from 'vitest';
import {
  dropped,
  injectFaults,
  md5Base64,
  pattern,
  putChunk,
  queryStatus,
  send,
  sessionView,
  sha256,
  start,
  startSession,
} from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';
import { until } from '../support/until.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;
const server = referenceServerForSuite({ testing: createTestingLayer() });

const size = 3 * QUANTUM;
const bytes = pattern(size, 5);
const chunk = (index: number) => bytes.subarray(index * QUANTUM, (index + 1) * QUANTUM);
const committed = async (sessionUri: string) => (await sessionView(server.origin, sessionUri)).committed;

describe('status', () => {
  it('answers the status (with Retry-After and body) and commits nothing', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'status', status: 503, retryAfter: '7', body: 'Try later' }] });
    const answer = await putChunk(sessionUri, chunk(0), 0, size);
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('7');
    expect(answer.text).toBe('Try later');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(await committed(sessionUri)).toBe(0);
    expect((await sessionView(server.origin, sessionUri)).bytesReceived).toBe(QUANTUM);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(308);
  });

  it('repeats with times, and skips requests that do not match', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'status', status: 500, times: 2 }] });
    expect((await queryStatus(sessionUri, size)).status).toBe(308);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(500);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(500);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(308);
  });

  it('matches status queries, any PUT, or the start', async () => {
    const sessionUri = await startSession(server.origin, {
      size,
      faults: [
        { kind: 'status', status: 502, match: 'query' },
        { kind: 'status', status: 401, match: 'put' },
      ],
    });
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(401);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(308);
    expect((await queryStatus(sessionUri, size)).status).toBe(502);
    const refused = await start(server.origin, { faults: [{ kind: 'status', status: 403, match: 'start' }] });
    expect(refused.status).toBe(403);
    expect(refused.headers.location).toBeUndefined();
  });

  it('applies faults in queue order, one request each', async () => {
    const sessionUri = await startSession(server.origin, {
      size,
      faults: [{ kind: 'delay', ms: 0 }, { kind: 'status', status: 504 }],
    });
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(308);
    expect((await putChunk(sessionUri, chunk(1), QUANTUM, size)).status).toBe(504);
  });
});

describe('reset', () => {
  it('drops the connection mid-body and keeps whole 256 KiB blocks of what arrived', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'reset', afterBytes: QUANTUM + 100 }] });
    expect(await dropped(putChunk(sessionUri, bytes, 0, size))).toBe(true);
    expect(await committed(sessionUri)).toBe(QUANTUM);
    const status = await queryStatus(sessionUri, size);
    expect(status.headers.range).toBe(`bytes=0-${QUANTUM - 1}`);
    const rest = await putChunk(sessionUri, bytes.subarray(QUANTUM), QUANTUM, size);
    expect(rest.json()).toMatchObject({ sha256: sha256(bytes) });
    const view = await sessionView(server.origin, sessionUri);
    expect(view.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['start 200', 'chunk 0', 'query 308', 'chunk 201']);
    expect(view.requests[1]!.dropped).toBe(true);
  });

  it('reads half the body by default and commits what commitBytes says', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'reset', commitBytes: 1000 }, { kind: 'reset' }] });
    expect(await dropped(putChunk(sessionUri, bytes, 0, size))).toBe(true);
    expect(await committed(sessionUri)).toBe(1000);
    // Half of the remaining body, rounded down to whole blocks.
    expect(await dropped(putChunk(sessionUri, bytes.subarray(1000), 1000, size))).toBe(true);
    expect(await committed(sessionUri)).toBe(1000 + QUANTUM);
  });

  it('drops the answer to a status query', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'reset', match: 'query' }] });
    expect(await dropped(queryStatus(sessionUri, size))).toBe(true);
    expect((await queryStatus(sessionUri, size)).status).toBe(308);
  });
});

describe('partial', () => {
  it('keeps only commitBytes of the chunk and answers the real Range', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'partial', commitBytes: 100_000 }] });
    const answer = await putChunk(sessionUri, bytes.subarray(0, 2 * QUANTUM), 0, size);
    expect(answer.status).toBe(308);
    expect(answer.headers.range).toBe('bytes=0-99999');
    const rest = await putChunk(sessionUri, bytes.subarray(100_000), 100_000, size);
    expect(rest.status).toBe(201);
    expect(rest.json()).toMatchObject({ sha256: sha256(bytes) });
  });

  it('does not finish a final chunk it kept only part of', async () => {
    const sessionUri = await startSession(server.origin, { size: 10, faults: [{ kind: 'partial', commitBytes: 4 }] });
    const answer = await putChunk(sessionUri, bytes.subarray(0, 10), 0, 10);
    expect(answer.status).toBe(308);
    expect(answer.headers.range).toBe('bytes=0-3');
  });
});

describe('lose-response', () => {
  it('finishes the upload but never answers; a status query then gets the final 201', async () => {
    const sessionUri = await startSession(server.origin, { size: 10, faults: [{ kind: 'lose-response' }] });
    expect(await dropped(putChunk(sessionUri, bytes.subarray(0, 10), 0, 10))).toBe(true);
    const status = await queryStatus(sessionUri, 10);
    expect(status.status).toBe(201);
    expect(status.json()).toMatchObject({ size: '10', sha256: sha256(bytes.subarray(0, 10)) });
    const view = await sessionView(server.origin, sessionUri);
    expect(view.requests.map((r) => `${r.kind} ${r.status}${r.dropped ? ' dropped' : ''}`)).toEqual(['start 200', 'chunk 201 dropped', 'query 201']);
  });

  it('commits a non-final chunk before dropping its answer', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'lose-response' }] });
    expect(await dropped(putChunk(sessionUri, chunk(0), 0, size))).toBe(true);
    expect((await queryStatus(sessionUri, size)).headers.range).toBe(`bytes=0-${QUANTUM - 1}`);
  });

  it('creates the session when the start answer is lost', async () => {
    expect(await dropped(start(server.origin, { faults: [{ kind: 'lose-response', match: 'start' }] }))).toBe(true);
  });
});

describe('omit-range', () => {
  it('discards the chunk and answers 308 without Range', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'omit-range' }] });
    const answer = await putChunk(sessionUri, chunk(0), 0, size);
    expect(answer.status).toBe(308);
    expect(answer.headers.range).toBeUndefined();
    expect(await committed(sessionUri)).toBe(0);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).headers.range).toBe(`bytes=0-${QUANTUM - 1}`);
  });
});

describe('range', () => {
  it.each(['0-262143', 'bytes=x-1', `bytes=0-${8 * QUANTUM}`, 'bytes=0-262143/*'])(
    'commits normally and answers Range: %s',
    async (value) => {
      const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'range', value }] });
      const answer = await putChunk(sessionUri, chunk(0), 0, size);
      expect(answer.status).toBe(308);
      expect(answer.headers.range).toBe(value);
      expect(await committed(sessionUri)).toBe(QUANTUM);
    },
  );

  it('applies to a status query with match: query', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'range', value: '0-0', match: 'query' }] });
    expect((await queryStatus(sessionUri, size)).headers.range).toBe('0-0');
  });
});

describe('omit-location', () => {
  it('answers the start 200 without Location, whatever match says', async () => {
    const answer = await start(server.origin, { faults: [{ kind: 'omit-location', match: 'chunk' }] });
    expect(answer.status).toBe(200);
    expect(answer.headers.location).toBeUndefined();
  });
});

describe('expire', () => {
  it.each([404, 410] as const)('kills the session with %i for this and every later request', async (status) => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'delay', ms: 0 }, { kind: 'expire', status }] });
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(308);
    expect((await putChunk(sessionUri, chunk(1), QUANTUM, size)).status).toBe(status);
    expect((await queryStatus(sessionUri, size)).status).toBe(status);
    expect((await putChunk(sessionUri, chunk(1), QUANTUM, size)).status).toBe(status);
    expect(await sessionView(server.origin, sessionUri)).toMatchObject({ expired: true, committed: QUANTUM });
  });

  it('defaults to 404 and can hit a status query', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'expire', match: 'put' }] });
    expect((await queryStatus(sessionUri, size)).status).toBe(404);
  });
});

describe('early-final', () => {
  it('answers the final 201 although bytes are missing', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'early-final' }] });
    const answer = await putChunk(sessionUri, chunk(0), 0, size);
    expect(answer.status).toBe(201);
    expect(answer.json()).toMatchObject({ size: String(QUANTUM), sha256: sha256(chunk(0)) });
    expect((await queryStatus(sessionUri, size)).status).toBe(201);
  });
});

describe('delay', () => {
  it('waits before answering, after logging the request', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'delay', ms: 2000 }] });
    const started = Date.now();
    let answered = false;
    const answer = putChunk(sessionUri, chunk(0), 0, size).finally(() => (answered = true));
    // Committed and logged while the answer waits, as a client that gave up waiting would find it
    // (read until the server has taken the chunk in: on a busy machine that can take a while).
    const view = await until(async () => {
      const seen = await sessionView(server.origin, sessionUri);
      return seen.requests.length >= 2 && seen;
    }, 'the chunk in the session log');
    expect(answered).toBe(false);
    expect(view).toMatchObject({ committed: QUANTUM, requests: [{}, { kind: 'chunk', status: 308 }] });
    expect((await answer).status).toBe(308);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990); // never sooner than asked
  });
});

describe('hold', () => {
  it('never answers, after logging the request, while later requests are answered', async () => {
    const sessionUri = await startSession(server.origin, { size, faults: [{ kind: 'hold', match: 'query' }] });
    const held = queryStatus(sessionUri, size).then(() => 'answered', () => 'closed');
    let view = await sessionView(server.origin, sessionUri);
    while (view.requests.length < 2) view = await sessionView(server.origin, sessionUri);
    expect(view.requests[1]).toMatchObject({ kind: 'query', status: 308, dropped: true });
    expect((await queryStatus(sessionUri, size)).status).toBe(308);
    expect(await Promise.race([held, Promise.resolve('pending')])).toBe('pending');
  });
});

describe('corrupt', () => {
  it('stores other bytes than were sent, and reports their checksums', async () => {
    const sessionUri = await startSession(server.origin, { size: 10, faults: [{ kind: 'corrupt' }] });
    const sent = bytes.subarray(0, 10);
    const answer = await putChunk(sessionUri, sent, 0, 10);
    expect(answer.status).toBe(201);
    const info = answer.json();
    expect(info.size).toBe('10');
    expect(info.md5Hash).not.toBe(md5Base64(sent));
    const stored = (await send(`${server.origin}/__files/${info.id as string}`)).body;
    expect(stored[0]).toBe(sent[0]! ^ 0xff);
    expect(info.sha256).toBe(sha256(stored));
  });
});

describe('media and multipart uploads', () => {
  it('apply status, reset, lose-response and delay from the header', async () => {
    const media = (faults: unknown[]) =>
      send(`${server.origin}/upload/x?uploadType=media`, { method: 'POST', body: bytes, headers: { 'X-Test-Faults': JSON.stringify(faults) } });
    expect((await media([{ kind: 'status', status: 503, retryAfter: '1' }])).headers['retry-after']).toBe('1');
    expect(await dropped(media([{ kind: 'reset', afterBytes: 1000 }]))).toBe(true);
    expect(await dropped(media([{ kind: 'lose-response' }]))).toBe(true);
    const started = Date.now();
    expect((await media([{ kind: 'delay', ms: 200 }])).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('where faults come from', () => {
  it('ignores X-Test-Faults on session PUTs', async () => {
    const sessionUri = await startSession(server.origin, { size });
    const answer = await putChunk(sessionUri, chunk(0), 0, size, { headers: { 'X-Test-Faults': JSON.stringify([{ kind: 'status', status: 500 }]) } });
    expect(answer.status).toBe(308);
  });

  it('adds faults to a running session through the control route', async () => {
    const sessionUri = await startSession(server.origin, { size });
    expect((await injectFaults(server.origin, sessionUri, [{ kind: 'status', status: 410 }])).status).toBe(204);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(410);
    expect((await putChunk(sessionUri, chunk(0), 0, size)).status).toBe(308);
  });

  it('applies /__control/faults to the next session only, and DELETE clears them', async () => {
    const set = await send(`${server.origin}/__control/faults`, { method: 'POST', body: JSON.stringify([{ kind: 'omit-location' }]) });
    expect(set.status).toBe(204);
    expect((await start(server.origin)).headers.location).toBeUndefined();
    expect((await start(server.origin)).headers.location).toBeDefined();

    await send(`${server.origin}/__control/faults`, { method: 'POST', body: JSON.stringify([{ kind: 'omit-location' }]) });
    expect((await send(`${server.origin}/__control/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await start(server.origin)).headers.location).toBeDefined();
  });

  it('applies /__control/faults to the next media upload too', async () => {
    await send(`${server.origin}/__control/faults`, { method: 'POST', body: JSON.stringify([{ kind: 'status', status: 500 }]) });
    expect((await send(`${server.origin}/upload/x?uploadType=media`, { method: 'POST', body: 'a' })).status).toBe(500);
    expect((await send(`${server.origin}/upload/x?uploadType=media`, { method: 'POST', body: 'a' })).status).toBe(200);
  });

  it.each([
    'not json',
    '{"kind":"status","status":500}',
    '[{"kind":"teapot"}]',
    '[{"kind":"status"}]',
    '[{"kind":"delay","ms":"5"}]',
    '[{"kind":"partial","commitBytes":-1}]',
    '[{"kind":"reset","match":"sometimes"}]',
    '[{"kind":"expire","status":500}]',
  ])('refuses the fault list %s with 400', async (body) => {
    const control = await send(`${server.origin}/__control/faults`, { method: 'POST', body });
    expect(control.status).toBe(400);
    expect(control.text.length).toBeGreaterThan(0);
    const header = await start(server.origin, {});
    expect(header.status).toBe(200);
    const viaHeader = await send(`${server.origin}/upload/x?uploadType=resumable`, { method: 'POST', headers: { 'X-Test-Faults': body } });
    expect(viaHeader.status).toBe(400);
    expect(viaHeader.text).toMatch(/^X-Test-Faults: /);
  });
});

describe('the session log', () => {
  it('says which requests carried an Authorization header, and keeps no value', async () => {
    const sessionUri = await startSession(server.origin, { size });
    await putChunk(sessionUri, chunk(0), 0, size, { headers: { Authorization: 'Bearer log-test' } });
    await putChunk(sessionUri, chunk(1), QUANTUM, size);
    await send(sessionUri, { method: 'PUT', headers: { 'Content-Range': `bytes */${size}`, Authorization: 'Bearer log-test' } });
    const view = await sessionView(server.origin, sessionUri);
    expect(view.requests.map((entry) => [entry.kind, entry.authorized])).toEqual([
      ['start', undefined],
      ['chunk', true],
      ['chunk', undefined],
      ['query', true],
    ]);
    expect(JSON.stringify(view)).not.toContain('log-test');
  });
});

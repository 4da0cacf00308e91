import { describe, expect, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { rejection, fast } from './support/upload-helpers.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, faultsOnce, sessionLog } from './support/server.ts';


function upload(file: File, faults: unknown[], retry = fast) {
  return new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, retry, headers: faultHeaders(faults) });
}


describe('retries after server errors and broken connections', () => {
  it.each([500, 502, 503, 504])('retries a chunk answered %i, asking the status first', async (status) => {
    const file = patternFile(2 * QUANTUM + 1);
    const up = upload(file, [{ kind: 'delay', ms: 0 }, { kind: 'status', status, times: 2 }]);
    const retryWaits: number[] = [];
    up.addEventListener('statechange', (e) => e.detail.state === 'retrying' && retryWaits.push(e.detail.retryInMs!));

    const result = await up.start();

    await expectStored(result, file);
    expect(retryWaits).toHaveLength(2);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => `${r.kind} ${r.status}`)).toEqual([
      'start 200',
      'chunk 308',
      `chunk ${status}`,
      'query 308',
      `chunk ${status}`,
      'query 308',
      'chunk 308',
      'chunk 201',
    ]);
  });

  it('waits 2^n × base plus jitter below one base between attempts', async () => {
    const up = upload(patternFile(10), [{ kind: 'status', status: 503, times: 3 }], {
      retries: 3,
      baseDelayMs: 40,
      maxDelayMs: 10_000,
    });
    const waits: number[] = [];
    up.addEventListener('statechange', (e) => e.detail.state === 'retrying' && waits.push(e.detail.retryInMs!));
    await up.start();
    expect(waits).toHaveLength(3);
    waits.forEach((wait, n) => {
      expect(wait).toBeGreaterThanOrEqual(40 * 2 ** n);
      expect(wait).toBeLessThan(40 * 2 ** n + 40);
    });
  });

  it("waits as long as Retry-After asks (a quota's 5 minutes), beyond maxDelayMs, up to maxRetryAfterMs", async () => {
    for (const [maxRetryAfterMs, expected] of [[undefined, 300_000], [120_000, 120_000]] as const) {
      const up = upload(patternFile(10), [{ kind: 'status', status: 429, retryAfter: '300' }], { ...fast, ...(maxRetryAfterMs ? { maxRetryAfterMs } : {}) });
      const waiting = new Promise<number>((resolve) =>
        up.addEventListener('statechange', (e) => e.detail.state === 'retrying' && resolve(e.detail.retryInMs!)),
      );
      const done = up.start().catch(() => undefined);
      expect(await waiting).toBe(expected);
      up.abort();
      await done;
    }
  });

  it('resumes from what the server committed after the connection reset mid-body', async () => {
    const file = patternFile(4 * QUANTUM + 17);
    const up = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: 4 * QUANTUM,
      retry: fast,
      headers: faultHeaders([{ kind: 'reset', afterBytes: 3 * QUANTUM + 5, commitBytes: 3 * QUANTUM }]),
    });
    const result = await up.start();
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => r.contentRange)).toEqual([
      null,
      `bytes 0-1048575/${file.size}`,
      `bytes */${file.size}`,
      `bytes 786432-${file.size - 1}/${file.size}`,
    ]);
  });

  it("fails with 'network' and the last status once the retries are spent", async () => {
    const up = upload(patternFile(QUANTUM), [{ kind: 'status', status: 503, times: 10 }]);
    const error = await rejection(up.start());
    expect(error.code).toBe('network');
    expect(error.status).toBe(503);
    expect(up.state).toBe('error');
    const log = await sessionLog(up.sessionUri!);
    expect(log.requests.filter((r) => r.kind === 'chunk')).toHaveLength(fast.retries + 1);
  });

  it("gives up with 'network' on a server that lowers the offset and confirms the same bytes again, in a cycle", async () => {
    // Chunk 2 is answered by a 308 without Range (nothing committed), the status query confirms
    // chunk 1 again, and so on: no new byte ever, so the retries must run out.
    const file = patternFile(3 * QUANTUM);
    const up = upload(file, [{ kind: 'delay', ms: 0 }, { kind: 'omit-range', times: 40 }]);
    const error = await rejection(up.start());
    expect(error.code).toBe('network');
    const log = await sessionLog(up.sessionUri!);
    expect(log.requests.map((r) => r.kind)).toEqual([
      'start',
      'chunk',
      ...Array.from({ length: fast.retries }, () => ['chunk', 'query']).flat(),
      'chunk',
    ]);
  });

  it("fails with 'network' when the server cannot be reached", async () => {
    const up = new Upload(patternFile(10), { endpoint: 'http://127.0.0.1:9/upload/x', retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 } });
    const error = await rejection(up.start());
    expect(error.code).toBe('network');
    expect(error.status).toBeUndefined();
  });

  it('retries a failed session start', async () => {
    const file = patternFile(100);
    const up = new Upload(file, { endpoint: endpoint(), retry: fast, headers: faultsOnce([{ kind: 'status', status: 503, match: 'start' }]) });
    const result = await up.start();
    await expectStored(result, file);
  });

  it('can start() again after running out of retries, and goes on from the server offset', async () => {
    const file = patternFile(3 * QUANTUM);
    const up = upload(file, [{ kind: 'delay', ms: 0 }, { kind: 'status', status: 503, times: 2 }], { retries: 1, baseDelayMs: 1, maxDelayMs: 5 });
    expect((await rejection(up.start())).code).toBe('network');
    expect(up.bytesCommitted).toBe(QUANTUM);
    const result = await up.start();
    await expectStored(result, file);
  });
});

describe('statuses that are not retried', () => {
  it.each([400, 401, 403])("fails at once with 'http' on %i, with the server's message", async (status) => {
    const up = upload(patternFile(QUANTUM + 1), [{ kind: 'status', status, body: 'Not for you' }]);
    const error = await rejection(up.start());
    expect(error.code).toBe('http');
    expect(error.status).toBe(status);
    expect(error.body).toBe('Not for you');
    expect(error.message).toContain('Not for you');
    const log = await sessionLog(up.sessionUri!);
    // A 400 is checked against the session's status once: it may refuse a chunk the browser resent by itself.
    expect(log.requests.map((r) => r.kind)).toEqual(status === 400 ? ['start', 'chunk', 'query'] : ['start', 'chunk']);
  });

  it("fails with 'http' when the endpoint does not exist", async () => {
    const up = new Upload(patternFile(10), { endpoint: endpoint().replace('/upload/', '/nowhere/'), retry: fast });
    const error = await rejection(up.start());
    expect(error.code).toBe('http');
    expect(error.status).toBe(404);
  });
});

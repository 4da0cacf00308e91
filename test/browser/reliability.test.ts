import { afterEach, describe, expect, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { rejection, nextState, fast } from './support/upload-helpers.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, sessionLog, startSessionDirectly } from './support/server.ts';




describe('401: one more try with fresh credentials', () => {
  it('calls the headers function again and goes on', async () => {
    const file = patternFile(2 * QUANTUM + 1);
    const tokens: string[] = [];
    let n = 0;
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      headers: () => {
        const token = `token-${n++}`;
        tokens.push(token);
        return { Authorization: `Bearer ${token}`, ...(n === 1 ? faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 401 }]) : {}) };
      },
    });
    const result = await upload.start();
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['start 200', 'chunk 308', 'chunk 401', 'query 308', 'chunk 308', 'chunk 201']);
    expect(tokens).toHaveLength(6);
  });

  it("fails with 'http' 401 when the fresh credentials are refused too", async () => {
    const upload = new Upload(patternFile(QUANTUM), {
      endpoint: endpoint(),
      retry: fast,
      headers: async () => faultHeaders([{ kind: 'status', status: 401, times: 5, match: 'put' }]),
    });
    const error = await rejection(upload.start());
    expect(error).toMatchObject({ code: 'http', status: 401 });
    const log = await sessionLog(upload.sessionUri!);
    expect(log.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['start 200', 'chunk 401', 'query 401']);
  });

  it("fails at once with fixed headers, which cannot bring a new token", async () => {
    const upload = new Upload(patternFile(QUANTUM), {
      endpoint: endpoint(),
      retry: fast,
      headers: faultHeaders([{ kind: 'status', status: 401 }]),
    });
    expect(await rejection(upload.start())).toMatchObject({ code: 'http', status: 401 });
  });
});

describe('Retry-After', () => {
  it('waits at least what the server asks', async () => {
    const upload = new Upload(patternFile(100), {
      endpoint: endpoint(),
      retry: fast,
      headers: faultHeaders([{ kind: 'status', status: 503, retryAfter: '1' }]),
    });
    const waits: number[] = [];
    upload.addEventListener('statechange', (e) => e.detail.state === 'retrying' && waits.push(e.detail.retryInMs!));
    await upload.start();
    expect(waits).toEqual([1000]); // beyond maxDelayMs (50), which caps only the computed backoff
    const capped = new Upload(patternFile(100), {
      endpoint: endpoint(),
      retry: { ...fast, maxRetryAfterMs: 200 },
      headers: faultHeaders([{ kind: 'status', status: 429, retryAfter: '1' }]),
    });
    const cappedWaits: number[] = [];
    capped.addEventListener('statechange', (e) => e.detail.state === 'retrying' && cappedWaits.push(e.detail.retryInMs!));
    await capped.start();
    expect(cappedWaits).toEqual([200]); // the server's word, up to maxRetryAfterMs
  });
});

describe('stalled requests', () => {
  it('cancels a request that makes no progress, asks the status and goes on', async () => {
    const file = patternFile(2 * QUANTUM);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      stallTimeoutMs: 1000,
      // The server reads and keeps the first chunk, and never answers it.
      headers: faultHeaders([{ kind: 'hold' }]),
    });
    const result = await upload.start();
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    // On a busy machine a later request may be given up too and cost one more query; what holds
    // regardless: the unanswered chunk is followed by a status query, never by bytes.
    expect(log.requests.slice(0, 3).map((r) => `${r.kind}${r.dropped ? ' unanswered' : ''}`)).toEqual(['start', 'chunk unanswered', 'query']);
  });
});

describe('offline', () => {
  let online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  afterEach(() => {
    online = true;
  });

  it('waits for the browser to come back online without spending retries', async () => {
    const file = patternFile(2 * QUANTUM + 5);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: { retries: 0, baseDelayMs: 5, maxDelayMs: 5 },
      // The connection really breaks mid-chunk; the browser reports being offline meanwhile.
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'reset', afterBytes: 1000, commitBytes: 0 }]),
    });
    upload.addEventListener('progress', () => (online = false), { once: true });
    const done = upload.start();
    await nextState(upload, 'offline');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upload.state).toBe('offline');
    online = true;
    window.dispatchEvent(new Event('online'));
    await expectStored(await done, file);
  });
});

describe('credentials go to the endpoint origin only', () => {
  it('sends no headers to a session URI on another origin', async () => {
    const file = patternFile(QUANTUM + 1);
    const url = endpoint();
    const sessionUri = await startSessionDirectly(url, file.size);
    // Same server, other origin: localhost instead of 127.0.0.1.
    const foreign = sessionUri.replace('127.0.0.1', 'localhost');
    let calls = 0;
    const upload = new Upload(file, {
      endpoint: url,
      sessionUri: foreign,
      headers: () => (calls++, { Authorization: 'Bearer secret' }),
    });
    await expectStored(await upload.start(), file);
    expect(calls).toBe(0);
  });

  it('sends them where `credentialOrigins` allows', async () => {
    const file = patternFile(10);
    const url = endpoint();
    const foreign = (await startSessionDirectly(url, file.size)).replace('127.0.0.1', 'localhost');
    let calls = 0;
    const upload = new Upload(file, {
      endpoint: url,
      sessionUri: foreign,
      credentialOrigins: [new URL(foreign).origin],
      headers: () => (calls++, { Authorization: 'Bearer secret' }),
    });
    await upload.start();
    expect(calls).toBeGreaterThan(0);
  });

  it.each(['storage.example.com', '//storage.example.com', 'ftp://storage.example.com', ''])(
    "refuses a credentialOrigins entry that is no http(s) origin (%j) with 'invalid-option'",
    (origin) => {
      expect(() => new Upload(patternFile(1), { endpoint: endpoint(), credentialOrigins: [origin] })).toThrowError(
        expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('https://storage.example.com') }),
      );
    },
  );

  it('refuses a session URI that is not https: or local', () => {
    expect(() => new Upload(patternFile(1), { sessionUri: 'http://uploads.example.com/s?upload_id=1' })).toThrowError(
      expect.objectContaining({ code: 'invalid-option' }),
    );
    expect(() => new Upload(patternFile(1), { sessionUri: 'ftp://example.com/s' })).toThrowError(
      expect.objectContaining({ code: 'invalid-option' }),
    );
  });
});

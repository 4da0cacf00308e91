import { describe, expect, inject, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { rejection, fast } from './support/upload-helpers.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, faultsOnce, sessionLog, startSessionDirectly } from './support/server.ts';


function upload(file: File, faults: unknown[], options: Partial<ConstructorParameters<typeof Upload>[1]> = {}) {
  return new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, retry: fast, headers: faultHeaders(faults), ...options });
}


describe('Range header forms', () => {
  it.each(['0-262143', 'bytes=0-262143', 'bytes=0-262143/*', `bytes=0-262143/${3 * QUANTUM}`])(
    'continues after "%s"',
    async (value) => {
      const file = patternFile(3 * QUANTUM);
      const progress: number[] = [];
      const up = upload(file, [{ kind: 'range', value }]);
      up.addEventListener('progress', (e) => progress.push(e.detail.bytesCommitted));
      const result = await up.start();
      expect(progress).toEqual([QUANTUM, 2 * QUANTUM, 3 * QUANTUM]);
      await expectStored(result, file);
    },
  );

  it('treats a 308 without Range as nothing committed and resends from byte 0', async () => {
    const file = patternFile(2 * QUANTUM + 7);
    const result = await upload(file, [{ kind: 'omit-range' }]).start();
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => r.contentRange)).toEqual([
      null,
      `bytes 0-262143/${file.size}`, // discarded, 308 without Range
      `bytes */${file.size}`, // status query before sending again
      `bytes 0-262143/${file.size}`,
      `bytes 262144-524287/${file.size}`,
      `bytes 524288-${file.size - 1}/${file.size}`,
    ]);
  });
});

describe('partial commits', () => {
  it('resends from N+1 when the server kept only part of a chunk', async () => {
    const file = patternFile(4 * QUANTUM + 99);
    const progress: number[] = [];
    const up = upload(file, [{ kind: 'partial', commitBytes: 100_000 }], { chunkSize: 2 * QUANTUM });
    up.addEventListener('progress', (e) => progress.push(e.detail.bytesCommitted));
    const result = await up.start();

    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => r.contentRange)).toEqual([
      null,
      `bytes 0-524287/${file.size}`,
      `bytes 100000-624287/${file.size}`,
      `bytes 624288-${file.size - 1}/${file.size}`,
    ]);
    expect(progress).toEqual([100_000, 624_288, file.size]);
  });
});

describe('lost responses', () => {
  it('finds by a status query that the last chunk completed, and reports success', async () => {
    const file = patternFile(2 * QUANTUM + 3);
    const result = await upload(file, [{ kind: 'lose-response' }, { kind: 'lose-response' }, { kind: 'lose-response' }]).start();
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ size: String(file.size) });
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => `${r.kind} ${r.status}`)).toEqual([
      'start 200',
      'chunk 308', // answer lost
      'query 308',
      'chunk 308', // answer lost
      'query 308',
      'chunk 201', // answer lost
      'query 201', // the status query finds the upload complete
    ]);
    expect(log.bytesReceived).toBe(file.size);
  });
});

describe('expired and broken sessions', () => {
  it.each([404, 410] as const)('starts a new session from byte 0 after %i', async (status) => {
    const file = patternFile(3 * QUANTUM + 1);
    // Only the first session carries the faults: its second chunk finds it dead.
    const up = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      headers: faultsOnce([{ kind: 'delay', ms: 0 }, { kind: 'expire', status }]),
    });
    let firstSession: string | undefined;
    const progress: number[] = [];
    up.addEventListener('progress', (e) => {
      firstSession ??= up.sessionUri;
      progress.push(e.detail.bytesCommitted);
    });

    const result = await up.start();

    expect(result.sessionUri).not.toBe(firstSession);
    await expectStored(result, file);
    const first = await sessionLog(firstSession!);
    expect(first.expired).toBe(true);
    const second = await sessionLog(result.sessionUri!);
    expect(second.requests[1]!.contentRange).toBe(`bytes 0-262143/${file.size}`);
    // Progress holds at its high-water mark while the new session catches up.
    expect(progress).toEqual([QUANTUM, 2 * QUANTUM, 3 * QUANTUM, file.size]);
  });

  it("fails with 'session-expired' when there is no endpoint to start a new session", async () => {
    const file = patternFile(QUANTUM + 1);
    const sessionUri = await startSessionDirectly(endpoint(), file.size, [{ kind: 'expire', status: 410, match: 'put' }]);
    const error = await rejection(new Upload(file, { sessionUri, retry: fast }).start());
    expect(error.code).toBe('session-expired');
    expect(error.status).toBe(410);
  });

  it("gives up with 'session-expired' when every new session dies too", async () => {
    const file = patternFile(QUANTUM + 1);
    const error = await rejection(upload(file, [{ kind: 'expire', status: 404 }]).start());
    // Every session started carries the same fault header, so every one expires at its first chunk.
    expect(error.code).toBe('session-expired');
  });
});

describe('protocol violations fail with a typed error, never a success', () => {
  it.each(['bytes=abc', 'bytes=5-262143', 'items=0-10', ''])('malformed Range "%s"', async (value) => {
    const error = await rejection(upload(patternFile(2 * QUANTUM), [{ kind: 'range', value }]).start());
    expect(error.code).toBe('protocol');
  });

  it('a Range beyond what was sent', async () => {
    const error = await rejection(upload(patternFile(3 * QUANTUM), [{ kind: 'range', value: 'bytes=0-524287' }]).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain('524288 bytes committed');
  });

  it('a start answered without Location: the error says both possible causes (none sent, or hidden by CORS)', async () => {
    const error = await rejection(upload(patternFile(10), [{ kind: 'omit-location' }]).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain('either the server sent none, or the browser hid it');
    expect(error.message).toContain('Access-Control-Expose-Headers');
  });

  it('308s whose Range another origin cannot read: the error names Access-Control-Expose-Headers', async () => {
    const server = inject('rangeHiddenServerUrl');
    const error = await rejection(upload(patternFile(2 * QUANTUM), [], { endpoint: endpoint(undefined, server) }).start());
    // It may be a server that keeps nothing: the upload retries, then gives up with the likely cause.
    expect(error.code).toBe('network');
    expect(error.message).toContain('committed none of bytes 0-262143 (its 308 had no readable Range)');
    expect(error.message).toContain(`another origin (${server}) than this page (${location.origin})`);
    expect(error.message).toContain('Access-Control-Expose-Headers: Location, Range');
  });

  it('a final answer before all bytes were sent', async () => {
    const up = upload(patternFile(3 * QUANTUM), [{ kind: 'early-final' }]);
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect(up.state).toBe('error');
    expect(up.bytesCommitted).toBeLessThan(3 * QUANTUM);
  });
});

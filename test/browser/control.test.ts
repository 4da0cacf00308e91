import { describe, expect, it } from 'vitest';
import { Upload, type UploadState } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { rejection, nextState, fast } from './support/upload-helpers.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, sessionLog } from './support/server.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));



describe('pause and resume', () => {
  it('stops sending while paused and goes on from the server offset after resume', async () => {
    const file = patternFile(4 * QUANTUM + 3);
    const upload = new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, retry: fast });
    upload.addEventListener('progress', (e) => e.detail.bytesCommitted === QUANTUM && upload.pause(), { once: true });
    const states: UploadState[] = [];
    upload.addEventListener('statechange', (e) => states.push(e.detail.state));
    const done = upload.start();

    await nextState(upload, 'paused');
    const before = await sessionLog(upload.sessionUri!);
    await wait(150);
    const after = await sessionLog(upload.sessionUri!);
    expect(after.requests).toHaveLength(before.requests.length);
    expect(upload.state).toBe('paused');

    upload.resume();
    const result = await done;
    await expectStored(result, file);
    expect(states).toEqual(['starting', 'uploading', 'paused', 'starting', 'uploading', 'done']);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => r.kind)).toEqual(['start', 'chunk', 'query', 'chunk', 'chunk', 'chunk', 'chunk']);
  });

  it('cancels the chunk in flight and resends only what the server lacks', async () => {
    const file = patternFile(2 * QUANTUM);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'delay', ms: 2000 }]),
    });
    upload.addEventListener('progress', () => setTimeout(() => upload.pause(), 100), { once: true });
    const done = upload.start();
    await nextState(upload, 'paused');
    upload.resume();
    await expectStored(await done, file);
  });

  it('honours a pause during a backoff wait', async () => {
    const file = patternFile(1000);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      retry: { retries: 2, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      headers: faultHeaders([{ kind: 'status', status: 503 }]),
    });
    const done = upload.start();
    await nextState(upload, 'retrying');
    upload.pause();
    expect(upload.state).toBe('paused');
    upload.resume();
    // The resume does not sit out the minute: it asks the status and sends at once.
    await expectStored(await done, file);
  });
});

describe('abort', () => {
  it("rejects with 'aborted' and sends nothing afterwards", async () => {
    const file = patternFile(3 * QUANTUM);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      headers: faultHeaders([{ kind: 'delay', ms: 500 }]),
    });
    const done = upload.start();
    await nextState(upload, 'uploading');
    await wait(50);
    upload.abort();
    const error = await rejection(done);
    expect(error.code).toBe('aborted');
    expect(upload.state).toBe('aborted');
    await wait(700);
    const log = await sessionLog(upload.sessionUri!);
    expect(log.complete).toBe(false);
    expect(log.requests.map((r) => r.kind)).toEqual(['start', 'chunk']);
    await expect(upload.start()).rejects.toMatchObject({ code: 'aborted' });
  });

  it('aborts through the signal option, also while paused', async () => {
    const controller = new AbortController();
    const upload = new Upload(patternFile(2 * QUANTUM), { endpoint: endpoint(), chunkSize: QUANTUM, signal: controller.signal });
    upload.addEventListener('progress', () => upload.pause(), { once: true });
    const done = upload.start();
    await nextState(upload, 'paused');
    controller.abort();
    expect((await rejection(done)).code).toBe('aborted');
  });

  it('never starts when the signal is already aborted', async () => {
    const upload = new Upload(patternFile(10), { endpoint: endpoint(), signal: AbortSignal.abort() });
    expect(upload.state).toBe('aborted');
    expect((await rejection(upload.start())).code).toBe('aborted');
  });
});

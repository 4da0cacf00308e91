import { describe, expect, it } from 'vitest';
import { Upload, type UploadState } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { rejection, nextState, fast } from './support/upload-helpers.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { incomplete, script, sessionStarted } from './support/scripted.ts';
import { endpoint, faultHeaders, sessionLog } from './support/server.ts';
import { until } from '../support/until.ts';

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
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'hold' }]),
    });
    const done = upload.start();
    // Paused while the server holds the second chunk's request unanswered: however busy the machine.
    const chunks = async () => (upload.sessionUri ? (await sessionLog(upload.sessionUri)).requests.filter((r) => r.kind === 'chunk').length : 0);
    await until(async () => (await chunks()) === 2, 'the server holds the second chunk');
    upload.pause();
    expect(upload.state).toBe('paused');
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
      headers: faultHeaders([{ kind: 'hold' }]),
    });
    const done = upload.start();
    await nextState(upload, 'uploading');
    // Aborted while the server holds the first chunk's request unanswered: however busy the machine.
    const chunkArrived = async () => (await sessionLog(upload.sessionUri!)).requests.some((r) => r.kind === 'chunk');
    await until(chunkArrived, 'the server holds the first chunk', 10);
    upload.abort();
    const error = await rejection(done);
    expect(error.code).toBe('aborted');
    expect(upload.state).toBe('aborted');
    await wait(700);
    const log = await sessionLog(upload.sessionUri!);
    expect(log.complete).toBe(false);
    expect(log.requests.map((r) => r.kind)).toEqual(['start', 'chunk']);
    expect(log.expired).toBe(false); // abort() stays local: the session is left to expire
    await expect(upload.start()).rejects.toMatchObject({ code: 'aborted' });
  });

  it.each(['uploading', 'paused'] as const)('with terminate, also ends the session on the server while %s (DELETE)', async (when) => {
    const upload = new Upload(patternFile(4 * QUANTUM), { endpoint: endpoint(), chunkSize: QUANTUM, retry: fast });
    upload.addEventListener('progress', () => (when === 'paused' ? upload.pause() : upload.abort({ terminate: true })), { once: true });
    const done = upload.start();
    if (when === 'paused') {
      await nextState(upload, 'paused');
      upload.abort({ terminate: true });
    }
    expect((await rejection(done)).code).toBe('aborted');
    const log = await until(async () => {
      const log = await sessionLog(upload.sessionUri!);
      return log.expired && log;
    }, 'the session is ended by the DELETE');
    expect(log.complete).toBe(false);
  });

  it('with terminate, ignores a server that refuses or drops the DELETE', async () => {
    for (const refusal of [{ status: 405 }, { status: 0, drop: true }]) {
      const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), refusal]);
      const upload = new Upload(patternFile(3 * QUANTUM), { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast });
      const done = upload.start();
      await new Promise((resolve) => upload.addEventListener('progress', resolve, { once: true }));
      upload.abort({ terminate: true });
      expect((await rejection(done)).code).toBe('aborted');
      await until(async () => (await s.requests()).some((r) => r.method === 'DELETE'), 'the DELETE arrives');
    }
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

describe("method: 'PATCH' (Drive's files.update)", () => {
  it('starts the session with PATCH and takes the final 200', async () => {
    const file = patternFile(QUANTUM + 5);
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 200, json: { id: 'file-id', size: String(file.size) } }]);
    const result = await new Upload(file, { endpoint: `${s.base}/upload/drive/v3/files/file-id`, method: 'PATCH', chunkSize: QUANTUM, retry: fast }).start();
    expect(result).toMatchObject({ status: 200, body: { id: 'file-id' } });
    expect((await s.requests()).map((r) => r.method)).toEqual(['PATCH', 'PUT', 'PUT']);
  });

  it('sends a media upload with PATCH', async () => {
    const file = patternFile(100);
    const s = await script([{ status: 200, json: { id: 'file-id', size: '100' } }]);
    await new Upload(file, { endpoint: `${s.base}/upload/drive/v3/files/file-id`, method: 'PATCH', uploadType: 'media' }).start();
    const [request] = await s.requests();
    expect(request).toMatchObject({ method: 'PATCH', url: expect.stringContaining('uploadType=media'), bodyBytes: 100 });
  });
});

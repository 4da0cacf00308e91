// The `httpClient` option: every request of an upload goes through the caller's client, so a whole
// conversation can be scripted in Node, request by request, with no browser and no server.
import { describe, expect, it } from 'vitest';
import { Upload } from '../../src/engine/upload.ts';
import { isUploadError } from '../../src/errors/upload-error.ts';
import { startSession } from '../../src/protocol/start-session.ts';
import { normalizeOptions } from '../../src/engine/normalize-options.ts';
import type { HttpClient, HttpRequest } from '../../src/transport/http-client.ts';
import { callerClient } from '../../src/transport/caller-client.ts';
import { scriptedClient } from './support/scripted-client.ts';

const QUANTUM = 256 * 1024;
const ENDPOINT = 'https://uploads.example/upload/files';
const SESSION = `${ENDPOINT}?upload_id=1`;
const file = new Blob([new Uint8Array(QUANTUM + 10)], { type: 'image/png' });
const noRetry = { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };

describe('the httpClient option', () => {
  it('drives the session start step: one POST with the metadata, the Location is the session', async () => {
    const { client, next } = scriptedClient();
    const { context } = normalizeOptions(file, { endpoint: ENDPOINT, metadata: { name: 'a.png' }, headers: { Authorization: 'Bearer t' }, httpClient: client, store: false });
    const started = startSession(context, ENDPOINT, new AbortController().signal);
    const asked = await next();
    expect(asked.request).toMatchObject({ method: 'POST', url: `${ENDPOINT}?uploadType=resumable` });
    expect(asked.request.headers).toMatchObject({ Authorization: 'Bearer t', 'X-Upload-Content-Type': 'image/png', 'X-Upload-Content-Length': String(file.size) });
    expect(JSON.parse(asked.request.body as string)).toEqual({ name: 'a.png' });
    asked.answer(200, { Location: SESSION });
    await expect(started).resolves.toBe(SESSION);
  });

  it('carries a whole upload: start, chunks from the Range, the final answer', async () => {
    const { client, next } = scriptedClient();
    const upload = new Upload(file, { endpoint: ENDPOINT, chunkSize: QUANTUM, httpClient: client, store: false });
    const done = upload.start();
    const start = await next();
    expect(start.request.method).toBe('POST');
    start.answer(200, { Location: SESSION });
    const first = await next();
    expect(first.request).toMatchObject({ method: 'PUT', url: SESSION, headers: { 'Content-Range': `bytes 0-${QUANTUM - 1}/${file.size}` } });
    expect((first.request.body as Blob).size).toBe(QUANTUM);
    first.answer(308, { Range: `bytes=0-${QUANTUM - 1}` });
    const last = await next();
    expect(last.request).toMatchObject({ method: 'PUT', url: SESSION, headers: { 'Content-Range': `bytes ${QUANTUM}-${file.size - 1}/${file.size}` } });
    last.answer(200, { 'Content-Type': 'application/json' }, JSON.stringify({ id: 'x', size: String(file.size) }));
    await expect(done).resolves.toEqual({ status: 200, body: { id: 'x', size: String(file.size) }, sessionUri: SESSION });
    expect(upload.bytesCommitted).toBe(file.size);
  });

  it('counts a client that fails as a lost connection: retried, then a typed network error', async () => {
    const { client, next } = scriptedClient();
    const upload = new Upload(file, { endpoint: ENDPOINT, httpClient: client, store: false, retry: { ...noRetry, retries: 1 } });
    const done = upload.start();
    (await next()).drop();
    (await next()).drop(); // the one retry
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(isUploadError(error) && error.code).toBe('network');
  });

  it('refuses a client that answers with something that is not a response', async () => {
    const upload = new Upload(file, { endpoint: ENDPOINT, httpClient: async () => ({ status: 200 }) as never, store: false, retry: noRetry });
    const error: unknown = await upload.start().catch((caught: unknown) => caught);
    expect(isUploadError(error) && error.code).toBe('invalid-option');
    expect((error as Error).message).toContain('httpClient');
  });

  it('refuses an httpClient that is not a function, naming it, before anything is sent', async () => {
    const upload = new Upload(file, { endpoint: ENDPOINT, httpClient: 'fetch' as never, store: false, retry: noRetry });
    const error: unknown = await upload.start().catch((caught: unknown) => caught);
    expect(isUploadError(error) && error.code).toBe('invalid-option');
    expect((error as Error).message).toContain('`httpClient`');
  });

  describe('a client that ignores the abort signal', () => {
    /** Answers nothing until the test says so, and never listens to the request's signal. */
    function deafClient() {
      const asked: { request: HttpRequest; answer(status: number, headers?: Record<string, string>): void }[] = [];
      const waiting: (() => void)[] = [];
      const client: HttpClient = (request) =>
        new Promise((resolve) => {
          asked.push({ request, answer: (status, headers = {}) => resolve({ status, headers: new Headers(headers), text: '', url: request.url }) });
          waiting.shift()?.();
        });
      const made = async (count: number) => {
        while (asked.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
        return asked[count - 1]!;
      };
      return { client, made };
    }

    it('lets abort() settle start() with code aborted, and the late answer is never applied', async () => {
      const { client, made } = deafClient();
      const upload = new Upload(file, { endpoint: ENDPOINT, chunkSize: QUANTUM, httpClient: client, store: false, retry: noRetry });
      const states: string[] = [];
      upload.addEventListener('statechange', (event) => states.push(event.detail.state));
      const done = upload.start();
      const start = await made(1);
      upload.abort();
      const error: unknown = await done.catch((caught: unknown) => caught);
      expect(isUploadError(error) && error.code).toBe('aborted');
      start.answer(200, { Location: SESSION });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(upload.sessionUri).toBeUndefined();
      expect(upload.state).toBe('aborted');
      expect(states).toEqual(['starting', 'aborted']);
    });

    it('is never called for a request whose signal was aborted before it was sent', async () => {
      const { client } = deafClient();
      const called: HttpRequest[] = [];
      const reason = new DOMException('paused', 'AbortError');
      const signal = AbortSignal.abort(reason);
      const sent = callerClient((request) => (called.push(request), client(request)))({ method: 'PUT', url: SESSION, headers: {}, signal });
      await expect(sent).rejects.toBe(reason);
      expect(called).toEqual([]);
    });

    it('lets pause() stop the request, and resume() goes on with a new one', async () => {
      const { client, made } = deafClient();
      const upload = new Upload(file, { endpoint: ENDPOINT, chunkSize: QUANTUM, httpClient: client, store: false, retry: noRetry });
      const done = upload.start();
      (await made(1)).answer(200, { Location: SESSION });
      const first = await made(2);
      expect(first.request.headers['Content-Range']).toBe(`bytes 0-${QUANTUM - 1}/${file.size}`);
      upload.pause();
      upload.resume();
      // The paused PUT never answered: the resumed upload asks the session where it stands.
      const status = await made(3);
      expect(status.request).toMatchObject({ method: 'PUT', url: SESSION, headers: { 'Content-Range': `bytes */${file.size}` } });
      first.answer(308, { Range: `bytes=0-${QUANTUM - 1}` }); // late: ignored
      status.answer(308);
      const again = await made(4);
      expect(again.request.headers['Content-Range']).toBe(`bytes 0-${QUANTUM - 1}/${file.size}`);
      upload.abort();
      await expect(done).rejects.toMatchObject({ code: 'aborted' });
      expect(upload.bytesCommitted).toBe(0);
    });
  });
});

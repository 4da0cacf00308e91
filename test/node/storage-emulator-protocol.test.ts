/**
 * The Cloud Storage emulator of firebase-tools, spoken to directly: each way it differs from
 * Google's protocol, as docs/third-party-servers.md lists them. When a new firebase-tools fixes one,
 * a test here fails and the page needs updating.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pattern, send, sha256 } from './support/http-client.ts';
import { startStorageEmulator, type RunningEmulator } from '../third-party/storage-emulator.ts';

const QUANTUM = 262_144;
let emulator: RunningEmulator;

// The first run installs the emulator's tooling (npm ci of its own folder: a minute or two).
beforeAll(async () => {
  emulator = await startStorageEmulator();
}, 600_000);
afterAll(() => emulator.stop());

const bucketUrl = () => `${emulator.url}/upload/storage/v1/b/bucket-${crypto.randomUUID()}/o`;

async function startSession(size: number, name = 'object.bin'): Promise<string> {
  const answer = await send(`${bucketUrl()}?uploadType=resumable`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-Upload-Content-Length': String(size) },
    body: JSON.stringify({ name }),
  });
  expect(answer.status).toBe(200);
  return answer.headers.location!;
}

const put = (sessionUri: string, body: Buffer, contentRange: string) => send(sessionUri, { method: 'PUT', headers: { 'Content-Range': contentRange }, body });

describe('resumable sessions', () => {
  it('the first PUT finishes the object, whatever Content-Range says: 200, never 308', async () => {
    const bytes = pattern(4 * QUANTUM, 1);
    const sessionUri = await startSession(bytes.length);
    const answer = await put(sessionUri, bytes.subarray(0, QUANTUM), `bytes 0-${QUANTUM - 1}/${bytes.length}`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'object.bin', size: String(QUANTUM) });
  });

  it('a chunk that starts past byte 0 becomes the whole object', async () => {
    const bytes = pattern(2 * QUANTUM, 2);
    const sessionUri = await startSession(bytes.length, 'gap.bin');
    const answer = await put(sessionUri, bytes.subarray(QUANTUM), `bytes ${QUANTUM}-${2 * QUANTUM - 1}/${bytes.length}`);
    expect(answer.status).toBe(200);
    const download = await send(answer.json<{ mediaLink: string }>().mediaLink);
    expect(sha256(download.body)).toBe(sha256(bytes.subarray(QUANTUM)));
  });

  it('a status query as the first PUT finishes an empty object', async () => {
    const sessionUri = await startSession(QUANTUM, 'queried.bin');
    const answer = await put(sessionUri, Buffer.alloc(0), `bytes */${QUANTUM}`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'queried.bin', size: '0' });
  });

  it('after that, a status query or a chunk gets 400 (Google answers the finished object)', async () => {
    const bytes = pattern(2 * QUANTUM, 3);
    const sessionUri = await startSession(bytes.length);
    expect((await put(sessionUri, bytes.subarray(0, QUANTUM), `bytes 0-${QUANTUM - 1}/${bytes.length}`)).status).toBe(200);
    expect((await put(sessionUri, Buffer.alloc(0), `bytes */${bytes.length}`)).status).toBe(400);
    expect((await put(sessionUri, bytes.subarray(QUANTUM), `bytes ${QUANTUM}-${bytes.length - 1}/${bytes.length}`)).status).toBe(400);
  });

  it('keeps the start query (name=) in the session URI it answers', async () => {
    const sessionUri = await startSession(10, 'kept.bin');
    const url = new URL(sessionUri);
    expect(url.origin).toBe(emulator.url);
    expect([...url.searchParams.keys()]).toEqual(['name', 'uploadType', 'upload_id']);
  });
});

describe('CORS', () => {
  it('reflects any origin but does not expose Location or Range', async () => {
    const answer = await send(`${bucketUrl()}?uploadType=resumable&name=cors.bin`, { method: 'POST', headers: { Origin: 'http://page.test' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('http://page.test');
    const exposed = String(answer.headers['access-control-expose-headers']).toLowerCase().split(',');
    expect(exposed).toContain('x-goog-upload-url');
    expect(exposed).not.toContain('location');
    expect(exposed).not.toContain('range');
  });
});

describe('uploads in one request', () => {
  it('multipart: the media part’s Content-Type is ignored', async () => {
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{"name":"photo.png"}\r\n--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
      pattern(1000, 4),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await send(`${bucketUrl()}?uploadType=multipart`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/related; boundary=${boundary}` },
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'photo.png', size: '1000', contentType: 'application/octet-stream' });
  });

  // Last: it ends the emulator's process.
  it('media without ?name= answers 400, then the emulator process dies (an unhandled rejection)', async () => {
    const answer = await send(`${bucketUrl()}?uploadType=media`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(answer.status).toBe(400);
    expect(await emulator.exited).toBe(1);
    expect(emulator.stderr()).toContain("Cannot read properties of undefined (reading 'toString')");
  });
});

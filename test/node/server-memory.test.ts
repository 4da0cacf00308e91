/**
 * Bodies the server reads into memory (multipart uploads, session metadata) share one budget over
 * all requests in flight, maxBufferedBytes: one that does not fit beside the others gets 503 with
 * Retry-After instead of growing the process, and the room comes back when they are done.
 */
import { request, type ClientRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import { withServer } from './support/reference-server.ts';
import { pattern, send, sha256, type Answer } from './support/http-client.ts';

const MIB = 1024 * 1024;
const BOUNDARY = 'b0undary';


function multipartBody(media: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/json\r\n\r\n{"name":"m"}\r\n--${BOUNDARY}\r\nContent-Type: application/octet-stream\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const multipart = (origin: string, body: Buffer, chunked = false) =>
  send(`${origin}/upload/x?uploadType=multipart`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/related; boundary=${BOUNDARY}` },
    body,
    ...(chunked ? { contentLength: 'chunked' as const } : {}),
  });

/**
 * A multipart upload whose headers the server has taken (it answered 100 Continue, after its handler
 * ran) and whose body is held back until `finish`.
 */
async function heldUpload(origin: string, body: Buffer): Promise<{ finish(): Promise<number> }> {
  const req: ClientRequest = request(`${origin}/upload/x?uploadType=multipart`, {
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': `multipart/related; boundary=${BOUNDARY}`, 'Content-Length': String(body.length), Expect: '100-continue' },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0)));
    req.on('error', reject);
  });
  await new Promise((resolve) => req.once('continue', resolve));
  return { finish: () => (req.end(body), status) };
}

describe('maxBufferedBytes', () => {
  const media = pattern(MIB - 200);
  const body = multipartBody(media);
  const options = { maxMultipartBytes: MIB, maxBufferedBytes: Math.floor(1.5 * MIB) };

  it('refuses a multipart body that does not fit beside one in flight with 503 and Retry-After, and takes it once that one is done', async () => {
    await withServer(options, async (origin, dir) => {
      const held = await heldUpload(origin, body);
      for (const chunked of [false, true]) {
        const refused: Answer = await multipart(origin, body, chunked);
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.text).toMatch(/maxBufferedBytes/);
      }
      expect(readdirSync(dir)).toEqual([]);
      expect(await held.finish()).toBe(200);
      const taken = await multipart(origin, body);
      expect(taken.status).toBe(200);
      expect(taken.json()).toMatchObject({ sha256: sha256(media) });
      expect((await multipart(origin, body, true)).status).toBe(200);
      expect(readdirSync(dir)).toHaveLength(3);
    });
  });

  it('gives the room back after a refused or malformed body', async () => {
    await withServer(options, async (origin) => {
      expect((await multipart(origin, Buffer.from('not multipart'))).status).toBe(400);
      expect((await multipart(origin, pattern(MIB + 1))).status).toBe(413);
      expect((await multipart(origin, pattern(MIB + 1), true)).status).toBe(413);
      const first = await heldUpload(origin, body);
      expect(await first.finish()).toBe(200);
      const second = await heldUpload(origin, body);
      expect(await second.finish()).toBe(200);
    });
  });

  it('does not count media uploads, which go to disk as they arrive', async () => {
    await withServer(options, async (origin) => {
      const held = await heldUpload(origin, body);
      const bytes = pattern(4 * MIB);
      const answer = await send(`${origin}/upload/x?uploadType=media`, { method: 'POST', body: bytes });
      expect(answer.status).toBe(200);
      expect(await held.finish()).toBe(200);
    });
  });

  it('refuses a value below maxMultipartBytes with a TypeError that names both', () => {
    expect(() => createReferenceServer({ maxMultipartBytes: 2 * MIB, maxBufferedBytes: MIB })).toThrow(/maxBufferedBytes.*maxMultipartBytes/);
    expect(() => createReferenceServer({ maxBufferedBytes: 0 })).toThrow(/maxBufferedBytes/);
  });
});

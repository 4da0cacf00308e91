import { describe, expect, it } from 'vitest';
import { Upload, UploadError } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { MiB, patternBytes, patternFile } from './support/files.ts';
import { endpoint, faultsOnce } from './support/server.ts';

const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 50 };

describe('media upload', () => {
  it.each([0, 1, 300_000])('sends %i bytes in one request and answers 200', async (size) => {
    const file = patternFile(size, 'clip.bin', 'video/mp4');
    const upload = new Upload(file, { endpoint: endpoint(), uploadType: 'media' });
    const result = await upload.start();
    expect(result.status).toBe(200);
    expect(result.sessionUri).toBeUndefined();
    expect(result.body).toMatchObject({ contentType: 'video/mp4' });
    expect(upload.bytesCommitted).toBe(size);
    await expectStored(result, file);
  });

  it('retries a 503 and sends the whole body again', async () => {
    const file = patternFile(1000);
    const result = await new Upload(file, {
      endpoint: endpoint(),
      uploadType: 'media',
      retry: fast,
      headers: faultsOnce([{ kind: 'status', status: 503 }]),
    }).start();
    await expectStored(result, file);
  });
});

describe('multipart upload', () => {
  it('sends metadata and bytes in one multipart/related request', async () => {
    // Bytes that look like multipart syntax must not confuse the boundary.
    const tricky = new TextEncoder().encode('\r\n--boundary\r\nContent-Type: text/plain\r\n\r\n--');
    const file = new File([tricky, patternBytes(50_000)], 'message.eml', { type: 'message/rfc822' });
    const result = await new Upload(file, {
      endpoint: endpoint(),
      uploadType: 'multipart',
      metadata: { name: 'message.eml', labels: ['inbox'] },
    }).start();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ name: 'message.eml', contentType: 'message/rfc822', metadata: { labels: ['inbox'] } });
    await expectStored(result, file);
  });

  it('sends a zero-byte file', async () => {
    const file = patternFile(0, 'empty.txt', 'text/plain');
    const result = await new Upload(file, { endpoint: endpoint(), uploadType: 'multipart', metadata: { name: 'empty.txt' } }).start();
    await expectStored(result, file);
  });
});

describe("uploadType 'auto'", () => {
  it.each([
    [1000, undefined, 'media'],
    [1000, { name: 'a' }, 'multipart'],
    [6 * MiB, undefined, 'resumable'],
    [6 * MiB, { name: 'a' }, 'resumable'],
  ] as const)('sends %i bytes with metadata %j as %s when the request may be repeated (PUT)', async (size, metadata, expected) => {
    const file = patternFile(size);
    const upload = new Upload(file, { endpoint: endpoint(), uploadType: 'auto', method: 'PUT', ...(metadata ? { metadata } : {}) });
    expect(upload.uploadType).toBe(expected);
    await expectStored(await upload.start(), file);
  });

  it.each([undefined, { name: 'a' }])('gives a small file that a POST creates (metadata %j) a session: exactly one object', async (metadata) => {
    const file = patternFile(1000);
    const upload = new Upload(file, { endpoint: endpoint(), uploadType: 'auto', ...(metadata ? { metadata } : {}) });
    expect(upload.uploadType).toBe('resumable');
    await expectStored(await upload.start(), file);
  });

  it.each([
    ['an endpoint with ifGenerationMatch', { endpoint: `${endpoint()}?name=a&ifGenerationMatch=0` }, 'media'],
    ['idempotent: true', { idempotent: true, metadata: { name: 'a' } }, 'multipart'],
    ['PATCH', { method: 'PATCH' }, 'media'],
    ['PUT with idempotent: false', { method: 'PUT', idempotent: false }, 'resumable'],
  ] as const)('sends a small file in one request or not as the request says: %s', (_, options, expected) => {
    const upload = new Upload(patternFile(1000), { endpoint: endpoint(), uploadType: 'auto', ...options });
    expect(upload.uploadType).toBe(expected);
  });

  it('takes a configurable threshold', () => {
    const upload = new Upload(patternFile(1000), { endpoint: endpoint(), uploadType: 'auto', method: 'PUT', autoThreshold: 500 });
    expect(upload.uploadType).toBe('resumable');
  });
});

describe('invalid options throw at construction', () => {
  const file = patternFile(10);
  it.each([
    ['no endpoint and no session URI', {}],
    ['a chunk size that is not a multiple of 256 KiB', { endpoint: '/upload/x', chunkSize: 1000 }],
    ['a zero chunk size', { endpoint: '/upload/x', chunkSize: 0 }],
    ['an unknown upload type', { endpoint: '/upload/x', uploadType: 'chunked' }],
    ['an unknown method', { endpoint: '/upload/x', method: 'DELETE' }],
    ['metadata on a media upload', { endpoint: '/upload/x', uploadType: 'media', metadata: { name: 'a' } }],
    ['a media upload with only a session URI', { sessionUri: 'http://127.0.0.1/s', uploadType: 'media' }],
    ['negative retries', { endpoint: '/upload/x', retry: { retries: -1 } }],
    ['headers that are not an object', { endpoint: '/upload/x', headers: 'Bearer x' }],
    ['metadata that is not an object', { endpoint: '/upload/x', metadata: 'name' }],
    ['an invalid URL', { endpoint: 'http://[::1' }],
    ['idempotent that is not a boolean', { endpoint: '/upload/x', uploadType: 'media', idempotent: 'yes' }],
  ])('%s', (_, options) => {
    let error: unknown;
    try {
      new Upload(file, options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).code).toBe('invalid-option');
  });

  it('a file that is not a Blob', () => {
    expect(() => new Upload('file.txt' as never, { endpoint: '/upload/x' })).toThrowError(/Blob or a File/);
  });
});

/**
 * Our engine, in Chromium, against a server we did not write: the Cloud Storage emulator of
 * firebase-tools, on the page's origin through the test server (see vite-plugin.ts) and, for CORS,
 * on its own. What it does differently from Google is in docs/third-party-servers.md.
 */
import { describe, expect, it } from 'vitest';
import { Upload, type UploadOptions } from '../../src/index.ts';
import { MiB, QUANTUM, patternFile } from '../browser/support/files.ts';
import { fast, rejection } from '../browser/support/upload-helpers.ts';
import { downloaded, emulatorOrigin, expectStoredInEmulator, newBucket, uploadEndpoint } from './support.ts';

const SIZE = 3 * MiB + 12_345;

function upload(file: File, options: Partial<UploadOptions>): Upload {
  return new Upload(file, { retry: fast, store: false, ...options });
}

describe('uploads that arrive byte-identical in the emulator', () => {
  it('uploadType=media, the name in the query', async () => {
    const bucket = newBucket();
    const file = patternFile(SIZE, 'media.bin', 'application/octet-stream', 11);
    const endpoint = `${uploadEndpoint(bucket)}?name=${encodeURIComponent(file.name)}`;
    const result = await upload(file, { endpoint, uploadType: 'media' }).start();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ name: file.name, bucket, size: String(SIZE) });
    await expectStoredInEmulator(bucket, file.name, file);
  });

  it('uploadType=multipart, the name in the metadata', async () => {
    const bucket = newBucket();
    const file = patternFile(SIZE, 'multipart.bin', 'image/png', 12);
    const result = await upload(file, { endpoint: uploadEndpoint(bucket), uploadType: 'multipart', metadata: { name: 'photos/multipart.png' } }).start();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ name: 'photos/multipart.png', size: String(SIZE) });
    // Google takes the media part's Content-Type; the emulator ignores it and says octet-stream.
    expect((result.body as { contentType: string }).contentType).toBe('application/octet-stream');
    await expectStoredInEmulator(bucket, 'photos/multipart.png', file);
  });

  it('uploadType=resumable in a single request (chunkSize above the file size)', async () => {
    const bucket = newBucket();
    const file = patternFile(SIZE, 'resumable.bin', 'application/octet-stream', 13);
    const up = upload(file, { endpoint: uploadEndpoint(bucket), metadata: { name: file.name }, chunkSize: 16 * QUANTUM });
    const progress: number[] = [];
    up.addEventListener('progress', (e) => progress.push(e.detail.bytesCommitted));
    const result = await up.start();
    // Google answers 201 to a finished POST session; the emulator answers 200.
    expect(result.status).toBe(200);
    expect(new URL(result.sessionUri!).origin).toBe(location.origin);
    expect(progress).toEqual([SIZE]);
    await expectStoredInEmulator(bucket, file.name, file);
  });
});

describe('a chunked upload: the emulator finalizes on the first chunk', () => {
  it.each([
    ['fixed 256 KiB chunks', { chunkSize: QUANTUM }],
    ['adaptive chunks', {}],
  ])('%s end in a protocol error, never a success', async (_, chunking) => {
    const bucket = newBucket();
    const file = patternFile(SIZE, 'chunked.bin', 'application/octet-stream', 14);
    const up = upload(file, { endpoint: uploadEndpoint(bucket), metadata: { name: file.name }, ...chunking });
    const error = await rejection(up.start());
    expect(error.code).toBe('protocol');
    expect(error.status).toBe(200);
    expect(error.message).toContain(`answered 200 (finished) after only ${QUANTUM} of ${SIZE} bytes were sent`);
    expect(up.state).toBe('error');
    expect(up.bytesCommitted).toBeLessThan(SIZE);
    // What the emulator kept: the first chunk alone, as a finished object.
    const stored = await downloaded(bucket, file.name);
    expect(stored.size).toBe(QUANTUM);
  });
});

describe('a session started elsewhere (a backend), given as sessionUri', () => {
  it('ends in a protocol error: the status query asked first makes the emulator finish an empty object', async () => {
    const bucket = newBucket();
    const file = patternFile(SIZE, 'adopted.bin', 'application/octet-stream', 17);
    const start = await fetch(`${uploadEndpoint(bucket)}?uploadType=resumable&name=${file.name}`, { method: 'POST' });
    const sessionUri = start.headers.get('Location')!;
    const error = await rejection(upload(file, { sessionUri }).start());
    expect(error.code).toBe('protocol');
    expect(error.message).toContain(`finished the upload with size 0, but the file has ${SIZE} bytes`);
    expect((await downloaded(bucket, file.name)).size).toBe(0);
  });
});

describe('a page on another origin than the emulator', () => {
  it('gets an error that names the missing Access-Control-Expose-Headers', async () => {
    const bucket = newBucket();
    const endpoint = uploadEndpoint(bucket, await emulatorOrigin());
    const file = patternFile(QUANTUM, 'cross-origin.bin', 'application/octet-stream', 15);
    const error = await rejection(upload(file, { endpoint, metadata: { name: file.name } }).start());
    expect(error.code).toBe('protocol');
    expect(error.status).toBe(200);
    expect(error.message).toContain('Access-Control-Expose-Headers');
    expect(error.message).toContain('Location');
    expect(error.message).toContain(`another origin (${new URL(endpoint).origin}) than this page (${location.origin})`);
  });

  it('can still use media uploads: the final answer is a body, and bodies are readable', async () => {
    const bucket = newBucket();
    const file = patternFile(SIZE, 'cross-origin-media.bin', 'application/octet-stream', 16);
    const endpoint = `${uploadEndpoint(bucket, await emulatorOrigin())}?name=${file.name}`;
    const result = await upload(file, { endpoint, uploadType: 'media' }).start();
    expect(result.body).toMatchObject({ name: file.name, size: String(SIZE) });
    await expectStoredInEmulator(bucket, file.name, file);
  });
});

/**
 * Google's own Node client for Cloud Storage (`@google-cloud/storage` 7) against our reference
 * server: an independent check that the server speaks the resumable protocol as Google's does.
 * Differences found are in docs/third-party-servers.md.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IdempotencyStrategy, Storage, type File } from '@google-cloud/storage';
import { describe, expect, it } from 'vitest';
import { injectFaults, pattern, send, sessionView, sha256, type SessionView } from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const QUANTUM = 256 * KiB;
const SIZE = 5 * MiB + 4321;

const server = referenceServerForSuite({ testing: createTestingLayer() });

/** A client for our server: no credentials (a custom endpoint needs none), retries fast enough for tests. */
function storage(autoRetry = true): Storage {
  return new Storage({
    apiEndpoint: server.origin,
    projectId: 'demo-resumable-upload',
    useAuthWithCustomEndpoint: false,
    // In seconds: the client waits min(2^n s + up to 1 s, maxRetryDelay); its retry library needs >= 1.
    // Uploads without an ifGenerationMatch precondition are not retried unless told so.
    retryOptions: { autoRetry, idempotencyStrategy: IdempotencyStrategy.RetryAlways, maxRetries: 3, maxRetryDelay: 1, totalTimeout: 60 },
  });
}

const bucketFile = (name: string, autoRetry = true): File => storage(autoRetry).bucket('bucket').file(name);

/** The bytes as a stream of uneven pieces, as a file or a socket would give them. */
function streamOf(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7 + 12_345) % 200_000 || 1) {
    pieces.push(bytes.subarray(at, at + step));
  }
  return Readable.from(pieces);
}

/** What the server stored for the object the client reports, hashed from the server's disk. */
async function expectStored(file: File, bytes: Buffer): Promise<void> {
  const id = file.metadata.id;
  expect(id, 'the final answer names the stored object').toBeTypeOf('string');
  const info = (await send(`${server.origin}/__files/${id}/info`)).json<{ size: string; sha256: string }>();
  expect(Number(info.size)).toBe(bytes.length);
  expect(info.sha256).toBe(sha256(bytes));
}

/** Every Content-Range the session got, with the status it was answered. */
const exchanges = (view: SessionView) => view.requests.map((r) => `${r.contentRange ?? 'start'} → ${r.dropped ? 'dropped' : r.status}`);

/** A fault that changes nothing, for the session's next `count` chunks: the fault after it hits the one after. */
const passChunks = (count: number) => ({ kind: 'delay', ms: 0, times: count });

/** The session URI the client starts (it emits it as 'uri'). */
function sessionUriOf(stream: NodeJS.EventEmitter): Promise<string> {
  return new Promise((resolve) => stream.once('uri', resolve));
}

describe('chunked resumable uploads with chunkSize', () => {
  it('file.save(buffer): 1 MiB chunks, the total told with the last one', async () => {
    const bytes = pattern(SIZE, 1);
    const file = bucketFile('photos/save.bin');
    await file.save(bytes, { resumable: true, chunkSize: 4 * QUANTUM, contentType: 'image/png' });

    expect(file.metadata).toMatchObject({ name: 'photos/save.bin', size: SIZE, contentType: 'image/png' });
    await expectStored(file, bytes);
  });

  it('createWriteStream(): uneven writes, 256 KiB chunks; the client checks our md5Hash and crc32c', async () => {
    const bytes = pattern(SIZE, 2);
    const file = bucketFile('stream.bin');
    const stream = file.createWriteStream({ resumable: true, chunkSize: QUANTUM, validation: 'crc32c' });
    const uri = sessionUriOf(stream);
    await pipeline(streamOf(bytes), stream);

    await expectStored(file, bytes);
    const view = await sessionView(server.origin, await uri);
    // The client does not know the total until the stream ends: every chunk but the last says `*`.
    expect(exchanges(view)).toEqual([
      'start → 200',
      ...Array.from({ length: 20 }, (_, i) => `bytes ${i * QUANTUM}-${(i + 1) * QUANTUM - 1}/* → 308`),
      `bytes ${20 * QUANTUM}-${SIZE - 1}/${SIZE} → 201`,
    ]);
  });

  it('a known size: X-Upload-Content-Length and a total in every Content-Range', async () => {
    const bytes = pattern(2 * MiB, 3);
    const file = bucketFile('known-size.bin');
    const stream = file.createWriteStream({ resumable: true, chunkSize: 2 * QUANTUM, metadata: { contentLength: bytes.length } });
    const uri = sessionUriOf(stream);
    await pipeline(streamOf(bytes), stream);

    await expectStored(file, bytes);
    const view = await sessionView(server.origin, await uri);
    expect(view.total).toBe(bytes.length);
    expect(exchanges(view).slice(1)).toEqual([0, 1, 2, 3].map((i) => `bytes ${i * 2 * QUANTUM}-${(i + 1) * 2 * QUANTUM - 1}/${bytes.length} → ${i < 3 ? 308 : 201}`));
  });
});

describe('one request without chunkSize: the client streams "bytes 0-*/*"', () => {
  it('file.save(buffer) with an unknown total', async () => {
    const bytes = pattern(SIZE, 7);
    const file = bucketFile('single-request.bin');
    const stream = file.createWriteStream({ resumable: true });
    const uri = sessionUriOf(stream);
    await pipeline(streamOf(bytes), stream);

    expect(file.metadata).toMatchObject({ name: 'single-request.bin', size: SIZE });
    await expectStored(file, bytes);
    expect(exchanges(await sessionView(server.origin, await uri))).toEqual(['start → 200', 'bytes 0-*/* → 201']);
  });

  it('a known total: "bytes 0-*/TOTAL"', async () => {
    const bytes = pattern(2 * MiB + 1, 8);
    const file = bucketFile('single-request-known.bin');
    const stream = file.createWriteStream({ resumable: true, metadata: { contentLength: bytes.length } });
    const uri = sessionUriOf(stream);
    await pipeline(streamOf(bytes), stream);

    await expectStored(file, bytes);
    expect(exchanges(await sessionView(server.origin, await uri))).toEqual(['start → 200', `bytes 0-*/${bytes.length} → 201`]);
  });

  it('a connection reset in the middle: the client asks, learns bytes are missing and stops, as it keeps no copy', async () => {
    const bytes = pattern(3 * MiB, 9);
    const file = bucketFile('single-request-reset.bin');
    const [uri] = await file.createResumableUpload();
    await injectFaults(server.origin, uri, [{ kind: 'reset', afterBytes: 1 * MiB + 1000 }]);
    const upload = pipeline(streamOf(bytes), file.createWriteStream({ uri, resumable: true }));

    // The server kept the whole 256 KiB blocks that arrived; the client had streamed more and cannot resend them.
    await expect(upload).rejects.toThrow(/The server has 1048576 bytes .* bytes are missing/);
    const view = await sessionView(server.origin, uri);
    expect(view).toMatchObject({ committed: 1 * MiB, complete: false });
    expect(exchanges(view)).toEqual(['start → 200', 'bytes */* → 308', 'bytes 0-*/* → dropped', 'bytes */* → 308']);
  });
});

describe('faults the client recovers from', () => {
  it('a 503 to a chunk: it asks the session where it stands (bytes */*) and resends', async () => {
    const bytes = pattern(3 * MiB, 4);
    const file = bucketFile('after-503.bin');
    // Faults for the next session started on the server: its third chunk answers 503.
    await send(`${server.origin}/__control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ kind: 'partial', commitBytes: QUANTUM, match: 'chunk' }, { kind: 'status', status: 503, match: 'chunk' }]),
    });
    const stream = file.createWriteStream({ resumable: true, chunkSize: 4 * QUANTUM });
    const uri = sessionUriOf(stream);
    await pipeline(streamOf(bytes), stream);

    await expectStored(file, bytes);
    expect(exchanges(await sessionView(server.origin, await uri))).toEqual([
      'start → 200',
      // The server keeps only 256 KiB of the first 1 MiB chunk: the client goes on from its Range.
      `bytes 0-${4 * QUANTUM - 1}/* → 308`,
      `bytes ${QUANTUM}-${5 * QUANTUM - 1}/* → 503`,
      'bytes */* → 308',
      `bytes ${QUANTUM}-${5 * QUANTUM - 1}/* → 308`,
      `bytes ${5 * QUANTUM}-${9 * QUANTUM - 1}/* → 308`,
      `bytes ${9 * QUANTUM}-${bytes.length - 1}/${bytes.length} → 201`,
    ]);
  });

  it('a connection reset in the middle of a chunk: it resumes from the committed offset', async () => {
    const bytes = pattern(3 * MiB, 5);
    const file = bucketFile('after-reset.bin');
    const [uri] = await file.createResumableUpload();
    // The second chunk's connection breaks after 300 KiB; the server keeps the first 256 KiB of it.
    await injectFaults(server.origin, uri, [passChunks(1), { kind: 'reset', afterBytes: 300 * KiB }]);
    await pipeline(streamOf(bytes), file.createWriteStream({ uri, resumable: true, chunkSize: 4 * QUANTUM }));

    await expectStored(file, bytes);
    expect(exchanges(await sessionView(server.origin, uri))).toEqual([
      'start → 200',
      // Given a session URI, the client asks where it stands before sending anything.
      'bytes */* → 308',
      `bytes 0-${4 * QUANTUM - 1}/* → 308`,
      `bytes ${4 * QUANTUM}-${8 * QUANTUM - 1}/* → dropped`,
      'bytes */* → 308',
      `bytes ${5 * QUANTUM}-${9 * QUANTUM - 1}/* → 308`,
      `bytes ${9 * QUANTUM}-${bytes.length - 1}/${bytes.length} → 201`,
    ]);
  });
});

describe('an upload interrupted, then resumed from its session URI', () => {
  it('a new stream with { uri } asks the session for its status and skips what the server has', async () => {
    const bytes = pattern(SIZE, 6);
    const [uri] = await bucketFile('interrupted.bin').createResumableUpload();
    // The fourth chunk answers 503 and this client does not retry: the upload stops with 3 MiB on the server.
    await injectFaults(server.origin, uri, [passChunks(3), { kind: 'status', status: 503 }]);
    const firstTry = bucketFile('interrupted.bin', false).createWriteStream({ uri, resumable: true, chunkSize: 4 * QUANTUM });
    await expect(pipeline(streamOf(bytes), firstTry)).rejects.toThrow(/Retry limit exceeded/);
    const before = await sessionView(server.origin, uri);
    expect(before.committed).toBe(3 * MiB);

    // Later, in another process: the same session URI, the whole file again.
    const resumed = bucketFile('interrupted.bin');
    await pipeline(streamOf(bytes), resumed.createWriteStream({ uri, resumable: true, chunkSize: 4 * QUANTUM }));

    await expectStored(resumed, bytes);
    expect(exchanges(await sessionView(server.origin, uri)).slice(before.requests.length)).toEqual([
      'bytes */* → 308',
      `bytes ${3 * MiB}-${4 * MiB - 1}/* → 308`,
      `bytes ${4 * MiB}-${5 * MiB - 1}/* → 308`,
      `bytes ${5 * MiB}-${SIZE - 1}/${SIZE} → 201`,
    ]);
  });
});

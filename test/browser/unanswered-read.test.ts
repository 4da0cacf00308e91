// A file whose reads never answer (its disk went away in a way that hangs): the engine's own reads
// of it (fingerprint, prefix checksums, the one-byte check) give up after `stallTimeoutMs`, and
// start() rejects with 'file-unreadable' instead of waiting forever. The browser's own read for the
// request body is not this File's methods, so only the engine's reads are made to hang here.
import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads } from '../../src/index.ts';
import { patternBytes, QUANTUM } from './support/files.ts';
import { endpoint } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';

const never = () => new Promise<ArrayBuffer>(() => {});

/** A File whose reads of more than `answered` bytes at once never settle. */
class HangingFile extends File {
  constructor(private readonly answered: number) {
    super([patternBytes(3 * QUANTUM + 7, 9)], 'vanished.bin', { type: 'application/octet-stream' });
  }
  override slice(start?: number, end?: number, type?: string): Blob {
    const part = super.slice(start, end, type);
    if (part.size <= this.answered) return part;
    // Read whole or as a stream (a byte stream whose reads never answer).
    return Object.assign(part, { arrayBuffer: never, stream: () => new ReadableStream({ type: 'bytes' }) });
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.size <= this.answered ? super.arrayBuffer() : never();
  }
}

beforeEach(() => clearStoredUploads());

describe('a file whose reads never answer', () => {
  it("fails start() with 'file-unreadable' when its checksums' read hangs", async () => {
    // The fingerprint's 64 KiB reads answer; the checksums' read of up to 4 MiB does not.
    const upload = new Upload(new HangingFile(64 * 1024), { endpoint: endpoint(), chunkSize: QUANTUM, retry: fast, stallTimeoutMs: 1000 });
    const error = await rejection(upload.start());
    expect(error.code).toBe('file-unreadable');
    // One stable fragment of the cause: the read went unanswered, it did not fail.
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toContain('no answer');
    expect(upload.state).toBe('error');
  });

  it("fails start() with 'file-unreadable' when its fingerprint's read hangs", async () => {
    const upload = new Upload(new HangingFile(0), { endpoint: endpoint(), chunkSize: QUANTUM, retry: fast, stallTimeoutMs: 1000 });
    const error = await rejection(upload.start());
    expect(error.code).toBe('file-unreadable');
    expect(upload.state).toBe('error');
  });
});

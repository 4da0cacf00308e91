import type { IncomingMessage } from 'node:http';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { HttpError, drain, headerOf } from './http-helpers.ts';
import { receiveBody } from './receive-body.ts';

/**
 * The bytes of request bodies held in memory at once, over all requests (a multipart upload, a
 * session's metadata, a fault list): bodies in flight share it, so many large ones at once get 503
 * instead of taking the process's memory with them. Bodies written to disk as they arrive (media
 * uploads, a session's chunks) do not count.
 */
export class BodyBudget {
  #held = 0;

  constructor(readonly max: number) {}

  /** Takes `bytes` from the budget, or nothing and false when they do not fit. */
  take(bytes: number): boolean {
    if (this.#held + bytes > this.max) return false;
    this.#held += bytes;
    return true;
  }

  release(bytes: number): void {
    this.#held -= bytes;
  }
}

// How long a client refused for want of memory should wait: other bodies in flight take about this long.
const RETRY_AFTER_SECONDS = '5';

const tooLarge = (size: number, limit: number) => new HttpError(413, `The body has ${size} bytes; this server accepts at most ${limit} here`);

const tooBusy = (size: number) =>
  new HttpError(503, `This server holds as many request bodies in memory as it may (maxBufferedBytes); this one (${size} bytes) was not kept, retry later`, {
    'Retry-After': RETRY_AFTER_SECONDS,
  });

export interface BodyLimits {
  /** Larger bodies get 413. */
  limit: number;
  budget: BodyBudget;
  /**
   * A file to take a body without Content-Length into first: read back in one piece once its size is
   * known, it is held once in memory instead of twice (its pieces, and the copy that joins them).
   * Removed when done. Without it such bodies are joined in memory (small ones: metadata, faults).
   */
  spool?: string;
}

/**
 * Reads a whole body into memory within the budget, hands it to `use`, and gives its bytes back to
 * the budget once `use` is done. Above `limit` bytes it reads on without keeping anything and throws
 * a 413; beyond what the budget has left, a 503 with Retry-After (also read to its end first, so the
 * client gets the answer instead of a broken connection).
 */
export async function readBody<T>(req: IncomingMessage, { limit, budget, spool }: BodyLimits, use: (body: Buffer) => Promise<T> | T): Promise<T> {
  const declared = Number(headerOf(req, 'Content-Length') ?? Number.NaN);
  let held = 0;
  const hold = (bytes: number) => {
    if (!budget.take(bytes)) return false;
    held += bytes;
    return true;
  };
  try {
    if (Number.isSafeInteger(declared) && declared <= limit) {
      // Its room is taken at once, and the body read into one buffer.
      if (!hold(declared)) {
        await drain(req);
        throw tooBusy(declared);
      }
      const body = Buffer.allocUnsafe(declared);
      let size = 0;
      for await (const part of req as AsyncIterable<Buffer>) size += part.copy(body, size);
      return await use(body.subarray(0, size));
    }
    if (spool) {
      await writeFile(spool, '');
      const received = await receiveBody(req, spool, { offset: 0, writeUpTo: limit + 1 }, () => {});
      if (received.aborted) throw new HttpError(400, 'The body did not arrive whole');
      if (received.bytes > limit) throw tooLarge(received.bytes, limit);
      if (!hold(received.bytes)) throw tooBusy(received.bytes);
      return await use(await readFile(spool));
    }
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of req as AsyncIterable<Buffer>) {
      size += part.length;
      if (size <= limit) parts.push(part);
    }
    if (size > limit) throw tooLarge(size, limit);
    // Its pieces, and the copy that joins them.
    if (!hold(2 * size)) throw tooBusy(size);
    return await use(Buffer.concat(parts, size));
  } finally {
    budget.release(held);
    if (spool) await rm(spool, { force: true });
  }
}

import type { IncomingMessage } from 'node:http';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export interface Received {
  /** Bytes of the body read (up to `stopAfter`), written or skipped. */
  bytes: number;
  /** The body did not arrive whole: the client went away, or the request was superseded. */
  aborted: boolean;
  /** Where the last byte written ends (the file may now be this long); `offset` when nothing was written. */
  writtenTo: number;
}

/**
 * Streams a request body into `path` at `offset` (created if missing), never holding it in memory; each write is awaited,
 * so what is reported as received is on disk. Bytes that would land before `writeFrom` are read but
 * not written (they are committed already), nor bytes from `writeUpTo` on (beyond what the upload
 * may hold: they are read and counted only). With `stopAfter`, keeps reading only that many bytes
 * (a connection reset in the middle of a body is simulated from there). `onBytes` counts every byte
 * that arrived, kept or not.
 */
export async function receiveBody(
  req: IncomingMessage,
  path: string,
  { offset, writeFrom = offset, writeUpTo = Infinity, stopAfter }: { offset: number; writeFrom?: number; writeUpTo?: number; stopAfter?: number | undefined },
  onBytes: (count: number) => void,
): Promise<Received> {
  const handle = await open(path, constants.O_RDWR | constants.O_CREAT);
  let bytes = 0;
  let writtenTo = offset;
  let stopped = false;
  let failed = false;
  try {
    for await (const part of req as AsyncIterable<Buffer>) {
      onBytes(part.length);
      const room = stopAfter === undefined ? part.length : Math.max(0, stopAfter - bytes);
      const piece = part.length > room ? part.subarray(0, room) : part;
      const at = offset + bytes;
      const skip = Math.min(piece.length, Math.max(0, writeFrom - at));
      const end = Math.max(skip, Math.min(piece.length, writeUpTo - at));
      if (end > skip) {
        // Counted before the write: a write that fails part-way may have put some of it there.
        writtenTo = Math.max(writtenTo, at + end);
        await handle.write(piece, skip, end - skip, at + skip);
      }
      bytes += piece.length;
      if (stopAfter !== undefined && bytes >= stopAfter) {
        stopped = true;
        break;
      }
    }
  } catch {
    failed = true;
  } finally {
    await handle.close();
  }
  return { bytes, aborted: failed || (!stopped && !req.complete), writtenTo };
}

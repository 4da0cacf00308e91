import type { IncomingMessage } from 'node:http';
import { open } from 'node:fs/promises';

export interface Received {
  bytes: number;
  /** The client went away before the body ended. */
  aborted: boolean;
}

/**
 * Streams a request body into `path`, body byte N at file offset `offset + N`, never holding it in
 * memory. Body bytes before `skip` are read but not written (the server already has them). With
 * `stopAfter`, reads only that many bytes (a connection reset mid-body is simulated from there).
 * `onBytes` counts every byte that arrived, kept or not.
 */
export async function receiveBody(
  req: IncomingMessage,
  path: string,
  offset: number,
  onBytes: (count: number) => void,
  { skip = 0, stopAfter }: { skip?: number; stopAfter?: number } = {},
): Promise<Received> {
  const handle = await open(path, 'r+');
  let bytes = 0;
  let aborted = false;
  try {
    for await (const part of req as AsyncIterable<Buffer>) {
      const room = stopAfter === undefined ? part.length : Math.max(0, stopAfter - bytes);
      const piece = part.length > room ? part.subarray(0, room) : part;
      onBytes(part.length);
      const from = Math.max(0, skip - bytes);
      if (piece.length > from) await handle.write(piece, from, piece.length - from, offset + bytes + from);
      bytes += piece.length;
      if (stopAfter !== undefined && bytes >= stopAfter) break;
    }
  } catch {
    aborted = true;
  } finally {
    await handle.close();
  }
  return { bytes, aborted };
}

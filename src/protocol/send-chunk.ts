import { send, type UploadContext } from './context.ts';
import { contentRange } from './range.ts';
import { sessionStatusOf, type SessionStatus } from './session-status.ts';

/** Sends the bytes [start, end) of the file to the session; an empty range (a zero-byte file) finishes it. */
export async function sendChunk(
  context: UploadContext,
  sessionUri: string,
  start: number,
  end: number,
  signal: AbortSignal,
  onSent?: (bytes: number) => void,
): Promise<SessionStatus> {
  const { file } = context;
  const range = contentRange(start, end, file.size);
  const response = await send(context, {
    method: 'PUT',
    url: sessionUri,
    headers: { 'Content-Range': range },
    // A slice is a reference into the file: the bytes stream from disk, never through JS memory.
    body: start === end ? '' : file.slice(start, end),
    signal,
    onSent,
  }, true);
  return sessionStatusOf(response, `Sending ${range} to the upload session ${sessionUri}`, end);
}

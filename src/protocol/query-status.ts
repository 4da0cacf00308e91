import { send, type UploadContext } from './context.ts';
import { contentRange } from './range.ts';
import { sessionStatusOf, type SessionStatus } from './session-status.ts';

/**
 * Asks the session how many bytes it has (an empty `PUT` with `Content-Range: bytes *\/TOTAL`).
 * Used after every failure before sending again, and when adopting a session started elsewhere.
 */
export async function queryStatus(
  context: UploadContext,
  sessionUri: string,
  sentUpTo: number,
  signal: AbortSignal,
): Promise<SessionStatus> {
  const total = context.file.size;
  const response = await send(context, {
    method: 'PUT',
    url: sessionUri,
    headers: { 'Content-Range': contentRange(0, 0, total) },
    body: '',
    signal,
  }, true);
  return sessionStatusOf(response, `Asking the upload session ${sessionUri} for its status`, sentUpTo);
}

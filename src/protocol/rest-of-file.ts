import type { HttpRequest } from '../transport/http-client.ts';
import { contentRange } from './range.ts';

/**
 * The one request that sends the rest of the file, from the server's offset `start`, to the
 * session: what a hand-off gives the browser to send after the page is gone (so it carries no
 * signal). `headers` are the caller's, resolved ahead (nothing can be awaited on a closing page).
 */
export function restOfFile(file: Blob, sessionUri: string, start: number, headers: Record<string, string>): Omit<HttpRequest, 'signal'> {
  return { method: 'PUT', url: sessionUri, body: file.slice(start), headers: { ...headers, 'Content-Range': contentRange(start, file.size, file.size) } };
}

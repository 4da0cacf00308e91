import type { HttpClient } from './http-client.ts';
import { kyClient } from './ky-client.ts';
import { xhrClient } from './xhr-client.ts';

/** Bytes (Blob bodies) travel by XHR; the small control requests (start, status) by ky. */
export function defaultClient(stallTimeoutMs?: number): HttpClient {
  const bodies = xhrClient(stallTimeoutMs);
  return (request) => (request.body instanceof Blob ? bodies(request) : kyClient(request));
}

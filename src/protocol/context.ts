import type { HttpClient, HttpRequest, HttpResponse } from '../transport/http-client.ts';

/** What every protocol step needs to know about the upload. */
export interface UploadContext {
  http: HttpClient;
  file: Blob;
  /** The media endpoint; absent when the caller only gave a session URI. */
  endpoint: string | undefined;
  method: 'POST' | 'PUT';
  contentType: string;
  metadata: Record<string, unknown> | undefined;
  /** The caller's headers (tokens), resolved afresh for each request. */
  headers: () => Promise<Record<string, string>>;
}

/** Sends one request with the caller's headers under the step's own. */
export async function send(
  context: UploadContext,
  request: Omit<HttpRequest, 'headers'> & { headers?: Record<string, string> },
): Promise<HttpResponse> {
  const headers = { ...(await context.headers()), ...request.headers };
  return context.http({ ...request, headers });
}

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
  /** Only these origins receive the caller's headers. */
  credentialOrigins: ReadonlySet<string>;
}

/** Sends one request with the caller's headers (where their origin may see them) under the step's own. */
export async function send(
  context: UploadContext,
  request: Omit<HttpRequest, 'headers'> & { headers?: Record<string, string> },
): Promise<HttpResponse> {
  const trusted = context.credentialOrigins.has(new URL(request.url).origin);
  const headers = { ...(trusted ? await context.headers() : {}), ...request.headers };
  return context.http({ ...request, headers });
}

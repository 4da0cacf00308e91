import { UploadError } from '../errors/upload-error.ts';
import type { HttpClient, HttpRequest, HttpResponse } from '../transport/http-client.ts';

/** What every protocol step needs to know about the upload. */
export interface UploadContext {
  http: HttpClient;
  file: Blob;
  /** The media endpoint; absent when the caller only gave a session URI. */
  endpoint: string | undefined;
  method: 'POST' | 'PUT' | 'PATCH';
  contentType: string;
  metadata: Record<string, unknown> | undefined;
  /** The caller's headers (tokens), resolved afresh for each request. */
  headers: () => Promise<Record<string, string>>;
  /** Only these origins receive the caller's headers. */
  credentialOrigins: ReadonlySet<string>;
}

/**
 * Sends one request with the caller's headers (where their origin may see them) under the step's own.
 * The browser follows redirects by itself; an answer from another origin than the one asked is
 * refused, so a session or its bytes never move to an origin the upload did not choose. A request to
 * the session itself (`toSession`) may not be redirected at all: the browser follows a `308` that
 * carries a `Location`, and the answer of another session on the same origin would count for this one.
 */
export async function send(
  context: UploadContext,
  request: Omit<HttpRequest, 'headers'> & { headers?: Record<string, string> },
  toSession = false,
): Promise<HttpResponse> {
  const { origin } = new URL(request.url);
  const headers = { ...(context.credentialOrigins.has(origin) ? await context.headers() : {}), ...request.headers };
  const response = await context.http({ ...request, headers });
  if (response.url && new URL(response.url).origin !== origin) {
    throw new UploadError(
      'protocol',
      `${request.method} ${request.url} was redirected to another origin (${response.url}), so the upload stopped there. ` +
        'Give the URL that answers without a redirect.',
      { status: response.status },
    );
  }
  if (toSession && response.url && response.url !== new URL(request.url).href.replace(/#.*/, '')) {
    throw new UploadError(
      'protocol',
      `${request.method} ${request.url} was redirected to ${response.url}; a session URI answers for itself, so the upload stopped there.`,
      { status: response.status },
    );
  }
  return response;
}

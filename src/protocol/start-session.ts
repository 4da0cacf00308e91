import { UploadError } from '../errors/upload-error.ts';
import { isAcceptableSessionUri } from '../security/origin-policy.ts';
import { withQuery } from '../utils/with-query.ts';
import { send, type UploadContext } from './context.ts';
import { exposeHeadersHint } from './cross-origin.ts';
import { failureFor } from './failures.ts';

/** Step 1 of a resumable upload: announce the file (and its metadata) and get the session URI. */
export async function startSession(context: UploadContext, endpoint: string, signal: AbortSignal): Promise<string> {
  const { file, metadata, method, contentType } = context;
  const url = withQuery(endpoint, 'uploadType', 'resumable');
  const headers: Record<string, string> = {
    'X-Upload-Content-Type': contentType,
    'X-Upload-Content-Length': String(file.size),
  };
  if (metadata) headers['Content-Type'] = 'application/json; charset=UTF-8';
  const response = await send(context, {
    method,
    url,
    headers,
    body: metadata ? JSON.stringify(metadata) : '',
    signal,
  });
  if (response.status < 200 || response.status > 299) {
    throw failureFor(response, `Starting the upload session at ${url}`, false);
  }
  const location = response.headers.get('Location');
  if (!location) {
    const hint = exposeHeadersHint(url, 'Location');
    throw new UploadError(
      'protocol',
      `Starting the upload session at ${url} answered ${response.status} ` +
        (hint
          ? `without a readable Location header (the session URI): either the server sent none, or the browser hid it.${hint}`
          : 'without a Location header, so there is no session URI.'),
      { status: response.status },
    );
  }
  const sessionUri = parseLocation(location, url);
  if (!sessionUri) {
    throw new UploadError(
      'protocol',
      `Starting the upload session at ${url} answered with the Location "${location.slice(0, 200)}", which is not a URL. ` +
        'The server needs fixing; nothing of the file was sent.',
      { status: response.status },
    );
  }
  if (!isAcceptableSessionUri(sessionUri, new URL(url))) {
    throw new UploadError(
      'protocol',
      `Starting the upload session at ${url} returned the session URI "${sessionUri.href}", which is not https: ` +
        '(or http: on localhost) with no user:password@. Nothing of the file was sent.',
      { status: response.status },
    );
  }
  return sessionUri.href;
}

/** The session URI, resolved against the start's URL as browsers resolve redirects; undefined if it is not a URL. */
function parseLocation(location: string, base: string): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

import { RetryableFailure } from '../errors/retryable-failure.ts';
import { UploadError } from '../errors/upload-error.ts';
import type { HttpResponse } from '../transport/http-client.ts';
import { readBody } from './read-body.ts';

// The retry list of Google's media-upload guide (the Gmail and Campaign Manager 360 API docs), plus
// 408 and 429, which also mean "try again later".
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** The session URI answered 404 (expired) or 410 (broken): only a new session can go on. */
export class SessionGone extends Error {
  override name = 'SessionGone';
  constructor(readonly status: number) {
    super(`The upload session answered ${status}`);
  }
}

/**
 * The error for a response the step did not expect.
 * `step` reads like "Starting the upload session at https://…".
 * A `401` is an `'http'` error the engine retries once with freshly resolved headers (a new token).
 */
export function failureFor(response: HttpResponse, step: string, onSession: boolean): Error {
  const { status } = response;
  const body = readBody(response);
  if (RETRYABLE_STATUSES.has(status)) {
    return new RetryableFailure(`${step} failed with ${status}`, status, body, response.headers.get('Retry-After'));
  }
  if (onSession && (status === 404 || status === 410)) return new SessionGone(status);
  const excerpt = response.text.trim().slice(0, 200);
  return new UploadError(
    'http',
    `${step} failed: the server answered ${status}${excerpt ? ` (${excerpt})` : ''}. ` +
      'This status is not retried; check the endpoint, the credentials in `headers` and the request options.',
    { status, body },
  );
}

import { RetryableFailure } from '../errors/retryable-failure.ts';
import { UploadError } from '../errors/upload-error.ts';
import { NetworkFailure } from '../transport/http-client.ts';

// Answers by which the server says it did nothing (RFC 9110): it did not receive the whole request in
// time (408), or turned it away (429, 503). A 500 may come after the object was made, a 502/504 from a
// gateway whose server may have made it.
const NOTHING_DONE = [408, 429, 503];

/**
 * A failure after which the request may have made its object: no answer (a reset, a stall: the
 * browser cannot tell a refused connection from one dropped after the server read every byte), or a
 * `5xx` other than `503`. A failure before any request (the transport's code not loading) is not.
 */
export function mayHaveApplied(error: unknown): error is RetryableFailure {
  return error instanceof NetworkFailure || (error instanceof RetryableFailure && !!error.status && !NOTHING_DONE.includes(error.status));
}

/** The error for a request that creates and lost its answer: not sent again, so at most one object. `failure` is its cause. */
export function outcomeUnknown(what: string, failure?: { status?: number; body?: unknown }): UploadError {
  return new UploadError(
    'outcome-unknown',
    `${what}: the object may or may not exist. Not sent again (a second copy could appear): check the server before start() again.`,
    failure && { status: failure.status, body: failure.body, cause: failure },
  );
}

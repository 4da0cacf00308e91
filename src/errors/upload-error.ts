/** Why an upload failed. Match on `code`, never on the message text. */
export type UploadErrorCode =
  /** An option was missing or wrong; thrown by the constructor. */
  | 'invalid-option'
  /** The server broke the protocol: malformed or impossible `Range`, missing `Location`, an early final answer, … */
  | 'protocol'
  /** The server answered with a status that is not retried; see `status` and `body`. */
  | 'http'
  /** The network or the server kept failing until the retries ran out. */
  | 'network'
  /**
   * A `media` or `multipart` request that creates (`POST`) lost its answer (a dropped connection, a
   * stall, a `500`/`502`/`504`, a pause mid-request), or a session answered `404`/`410` after its
   * last bytes went out unanswered: the server may or may not have created the object, and it was
   * not sent again, which could make a second copy. See docs/exactly-once.md.
   */
  | 'outcome-unknown'
  /** With `verify`: the server's checksum (`md5Hash`, `crc32c`) differs from the file's. */
  | 'integrity'
  /** The file can no longer be read (deleted or changed on disk since it was chosen). */
  | 'file-unreadable'
  /** Another tab of this browser, or another upload on this page, is uploading the same file with the same request; let it finish. */
  | 'locked'
  /** The resumable session expired or broke (`404`/`410`) and could not be restarted. */
  | 'session-expired'
  /** `abort()` was called or the `signal` fired. */
  | 'aborted';

/** What an `UploadError` carries besides its code and message: the server's `status` and `body`, and the `cause`. */
export interface UploadErrorDetails {
  /** HTTP status of the response behind the error, when there was one. */
  status?: number;
  /** The response body (parsed JSON or text), when there was one. */
  body?: unknown;
  /** The lower-level error that caused this one. */
  cause?: unknown;
}

/** The error `start()` rejects with; its `code` says what to do. */
export class UploadError extends Error {
  override name = 'UploadError';
  readonly code: UploadErrorCode;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(code: UploadErrorCode, message: string, details: UploadErrorDetails = {}) {
    super(message, details); // `cause`, when the details have one
    this.code = code;
    this.status = details.status;
    this.body = details.body;
  }
}

/** True for an `UploadError`, also one made in another realm (an iframe), where `instanceof` fails. */
export function isUploadError(value: unknown): value is UploadError {
  return value instanceof UploadError || (value instanceof Error && value.name === 'UploadError' && 'code' in value);
}

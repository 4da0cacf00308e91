/**
 * A failure worth waiting and trying again: a retryable status, or no response at all
 * (`NetworkFailure`). The engine's own: when the retries run out it becomes a `'network'` `UploadError`.
 */
export class RetryableFailure extends Error {
  override name = 'RetryableFailure';
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly retryAfter?: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

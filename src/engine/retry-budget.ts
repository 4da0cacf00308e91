import { UploadError } from '../errors/upload-error.ts';
import type { RetryableFailure } from '../errors/retryable-failure.ts';
import type { RetryOptions } from './options.ts';
import { MAX_TIMER_MS } from '../utils/sleep.ts';

/** `Retry-After` as milliseconds: delta seconds or an HTTP date. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The exponential backoff of Google's media-upload guide (the Gmail and Campaign Manager 360 API
 * docs): 2^n × base plus a random jitter of up to one base, capped at `maxDelayMs`; and never shorter
 * than what the server asked for with `Retry-After`, which has its own cap (`maxRetryAfterMs`), as ky
 * keeps `backoffLimit` and `maxRetryAfter` apart.
 */
export function backoffDelay(attempt: number, retry: RetryOptions, retryAfter?: string | null): number {
  const exponential = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt + Math.random() * retry.baseDelayMs);
  return Math.min(MAX_TIMER_MS, Math.max(exponential, Math.min(retry.maxRetryAfterMs, retryAfterMs(retryAfter) ?? 0)));
}

/** Counts consecutive failures; spent retries come back whenever the server makes progress. */
export class RetryBudget {
  #failures = 0;
  #refreshed = false;
  constructor(private readonly retry: RetryOptions) {}

  reset(): void {
    this.#failures = 0;
    this.#refreshed = false;
  }

  /** True once per reset: a `401` earns one more try with fresh credentials, not a loop. */
  refreshCredentials(): boolean {
    if (this.#refreshed) return false;
    this.#refreshed = true;
    return true;
  }

  /** The wait before the next attempt, or throws the `'network'` error when the budget is spent. */
  next(failure: RetryableFailure): number {
    if (this.#failures >= this.retry.retries) {
      throw new UploadError(
        'network',
        `The upload gave up after ${this.retry.retries} retries; check the connection, then call start() again ` +
          `to continue from where the server stopped. The last failure: ${failure.message}`,
        { status: failure.status, body: failure.body, cause: failure },
      );
    }
    return backoffDelay(this.#failures++, this.retry, failure.retryAfter);
  }
}

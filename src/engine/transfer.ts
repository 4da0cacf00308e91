import { RetryableFailure } from '../errors/retryable-failure.ts';
import { isUploadError } from '../errors/upload-error.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import { NetworkFailure } from '../transport/http-client.ts';
import { sleep } from '../utils/sleep.ts';
import { checkReadable } from './check-readable.ts';
import type { NormalizedOptions } from './normalize-options.ts';
import type { RetryBudget } from './retry-budget.ts';
import { isOffline, waitOnline } from './wait-online.ts';

/** What a transfer may tell its upload. Calls made after the run's signal aborted are ignored. */
export interface TransferHost {
  /** The upload's options; `options.context` is what the protocol steps are given. */
  readonly options: NormalizedOptions;
  /** The transfer entered a new phase; `retryInMs` while waiting to retry. */
  phase(state: 'starting' | 'uploading' | 'retrying' | 'offline', retryInMs?: number): void;
  /** The server confirmed this many bytes. */
  committed(bytes: number): void;
  /** The browser has sent this many bytes of the file (those confirmed and the chunk in flight). */
  sent?(bytes: number): void;
  /**
   * The transfer (which alone keeps the session URI) started a session. Settles once its record is
   * written, or storage gave up (it is best effort), or at once without one.
   */
  session(uri: string): Promise<void>;
  /**
   * Bytes [start, end) are about to go (resumable only). Settles once the record can tell what the
   * session may then hold (see `session`); undefined without a record.
   */
  sending?(start: number, end: number): Promise<void> | undefined;
  /**
   * A session taken over from elsewhere holds `held` bytes (all when it finished): false when they
   * may not be this file's, and then nothing more goes to it (resumable only).
   */
  holds?(held: number): Promise<boolean>;
}

/** One way of moving the bytes. `run` may be called again after it threw (pause, error): it goes on. */
export interface Transfer {
  run(signal: AbortSignal): Promise<UploadResult>;
}

/**
 * Runs `attempt` until it succeeds: after a retryable failure it waits with backoff (or, offline,
 * until the browser is online again, without spending a retry); after a `401` it tries once more
 * with freshly resolved headers. `recover` may claim a failure it mends at once (returns true).
 */
export async function withRetries<T>(
  host: TransferHost,
  budget: RetryBudget,
  signal: AbortSignal,
  attempt: () => Promise<T>,
  recover: (error: unknown) => boolean = () => false,
): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (recover(error)) continue;
      if (isUploadError(error) && error.status === 401) {
        if (host.options.refreshableHeaders && budget.refreshCredentials()) continue;
        throw error;
      }
      if (!(error instanceof RetryableFailure)) throw error;
      if (error instanceof NetworkFailure) await checkReadable(host.options.context.file, host.options.stallTimeoutMs);
      if (isOffline()) {
        host.phase('offline');
        await waitOnline(signal);
        continue;
      }
      const delay = budget.next(error);
      host.phase('retrying', delay);
      await sleep(delay, signal);
    }
  }
}

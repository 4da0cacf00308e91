import type { UploadContext } from '../protocol/context.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import { asRetryable, type RetryBudget } from './retry-budget.ts';
import type { NormalizedOptions } from './options.ts';
import { sleep } from '../utils/sleep.ts';

/** What a transfer may tell its upload. Calls made after the run's signal aborted are ignored. */
export interface TransferHost {
  readonly context: UploadContext;
  readonly options: NormalizedOptions;
  /** The transfer entered a new phase; `retryInMs` while waiting to retry. */
  phase(state: 'starting' | 'uploading' | 'retrying', retryInMs?: number): void;
  /** The server confirmed this many bytes. */
  committed(bytes: number): void;
  /** A session URI was obtained, or dropped (undefined) when the session died. */
  session(uri: string | undefined): void;
}

/** One way of moving the bytes. `run` may be called again after it threw (pause, error): it goes on. */
export interface Transfer {
  run(signal: AbortSignal): Promise<UploadResult>;
}

/**
 * Runs `attempt` until it succeeds, waiting with backoff after each retryable failure.
 * `recover` may claim a failure it can mend at once (it returns true) to try again without waiting.
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
      const failure = asRetryable(error);
      if (!failure) throw error;
      const delay = budget.next(failure);
      host.phase('retrying', delay);
      await sleep(delay, signal);
    }
  }
}

import { UploadError } from '../errors/upload-error.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import { uploadInOneRequest } from '../protocol/single-request.ts';
import { NetworkFailure } from '../transport/http-client.ts';
import { checkReadable } from './check-readable.ts';
import { mayHaveApplied, outcomeUnknown } from './lost-answer.ts';
import { RetryBudget } from './retry-budget.ts';
import { withRetries, type Transfer, type TransferHost } from './transfer.ts';

/**
 * Media and multipart uploads: one request carries everything, so a failure means sending it all
 * again. One that creates (not `idempotent`) is sent again only when the server said it did nothing
 * (`408`, `429`, `503`, a `401` for a fresh token): after a lost answer a second copy could appear,
 * so it fails with `'outcome-unknown'` instead (docs/exactly-once.md).
 */
export class SingleRequestTransfer implements Transfer {
  readonly #budget: RetryBudget;
  /** A pause cancelled a request that creates after it went out: the next run does not send it again unasked. */
  #inDoubt = false;

  constructor(private readonly host: TransferHost) {
    this.#budget = new RetryBudget(host.options.retry);
  }

  async run(signal: AbortSignal): Promise<UploadResult> {
    const { host } = this;
    const { options } = host;
    const { uploadType, idempotent, context } = options;
    this.#budget.reset();
    if (this.#inDoubt) {
      this.#inDoubt = false; // once: start() after this error is the app's choice to send it again
      throw outcomeUnknown('pause() cancelled the request after it was sent');
    }
    let lost = false;
    return withRetries(host, this.#budget, signal, async () => {
      host.phase('uploading');
      let sent = false;
      try {
        // Options guarantee an endpoint for single-request uploads; 'resumable' ones have their own transfer.
        const result = await uploadInOneRequest(
          { ...context, http: (request) => ((sent = true), context.http(request)) },
          context.endpoint!,
          uploadType as 'media' | 'multipart',
          signal,
        );
        host.committed(context.file.size);
        return result;
      } catch (error) {
        if (!sent) throw error;
        if (signal.aborted) {
          this.#inDoubt = !idempotent;
          throw error;
        }
        if (!mayHaveApplied(error)) {
          // Sent again after a lost answer, a request with a precondition (`ifGenerationMatch=0`) is
          // refused with 412 when the object exists: most likely made by the attempt that lost it.
          if (lost && error instanceof UploadError && error.status === 412) throw outcomeUnknown(`412 after a lost answer`, error);
          throw error;
        }
        lost = true;
        if (idempotent) throw error; // retried
        if (error instanceof NetworkFailure) await checkReadable(context.file, options.stallTimeoutMs);
        throw outcomeUnknown(error.message, error);
      }
    });
  }
}

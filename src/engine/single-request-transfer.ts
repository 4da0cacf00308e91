import type { UploadResult } from '../protocol/final-result.ts';
import { uploadInOneRequest } from '../protocol/single-request.ts';
import { RetryBudget } from './retry-budget.ts';
import { withRetries, type Transfer, type TransferHost } from './transfer.ts';

/** Media and multipart uploads: one request carries everything, so a failure means sending it all again. */
export class SingleRequestTransfer implements Transfer {
  readonly #budget: RetryBudget;

  constructor(private readonly host: TransferHost) {
    this.#budget = new RetryBudget(host.options.retry);
  }

  run(signal: AbortSignal): Promise<UploadResult> {
    const { host } = this;
    const { uploadType, endpoint } = host.options;
    this.#budget.reset();
    return withRetries(host, this.#budget, signal, async () => {
      host.phase('uploading');
      // Options guarantee an endpoint for single-request uploads; 'resumable' ones have their own transfer.
      const result = await uploadInOneRequest(host.options, endpoint!, uploadType as 'media' | 'multipart', signal);
      host.committed(host.options.file.size);
      return result;
    });
  }
}

import type { UploadResult } from '../protocol/final-result.ts';
import { uploadMedia } from '../protocol/media-upload.ts';
import { uploadMultipart } from '../protocol/multipart-upload.ts';
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
    const upload = uploadType === 'multipart' ? uploadMultipart : uploadMedia;
    this.#budget.reset();
    return withRetries(host, this.#budget, signal, async () => {
      host.phase('uploading');
      // Options guarantee an endpoint for single-request uploads.
      const result = await upload(host.context, endpoint!, signal);
      host.committed(host.context.file.size);
      return result;
    });
  }
}

import type { UploadItem } from '../../queue/item/upload-item.ts';
import type { RejectReason } from '../../queue/validation/check-file.ts';

/** The detail of `upload-reject`. */
export interface UploadRejectEventDetail {
  file: File;
  /** The listed row that says why; its `status` is `'rejected'`. */
  item: UploadItem;
  /**
   * `'accept'`, `'max-file-size'`, `'min-file-size'`, `'max-files'`, `'max-total-size'`,
   * `'multiple'` (several files dropped without `multiple`) or `'cancelled-by-app'` (`upload-add` was cancelled).
   */
  reason: RejectReason;
}

/** A file was not added: it failed `accept` or a size or count limit, was one too many, or the page refused it. */
export type UploadRejectEvent = CustomEvent<UploadRejectEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-reject': UploadRejectEvent;
  }
}

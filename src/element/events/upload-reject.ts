import type { UploadItem } from '../item/upload-item.ts';
import type { RejectReason } from '../validation/check-file.ts';

export interface UploadRejectDetail {
  file: File;
  /** The listed row that says why; its `status` is `'rejected'`. */
  item: UploadItem;
  /** `'accept'`, `'max-file-size'` or `'multiple'` (several files dropped without `multiple`). */
  reason: RejectReason;
}

/** A file was not added: it failed `accept` or `max-file-size`, or was one too many. */
export type UploadRejectEvent = CustomEvent<UploadRejectDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-reject': UploadRejectEvent;
  }
}

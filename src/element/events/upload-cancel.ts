import type { Upload } from '../../engine/upload.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';

/** The detail of `upload-cancel`. */
export interface UploadCancelEventDetail {
  file: File;
  item: UploadItem;
  /** Undefined when the file was cancelled before it started. */
  upload: Upload | undefined;
}

/** An upload was cancelled, from its button, `item.cancel()`, `cancelAll()` or `upload.abort()`. */
export type UploadCancelEvent = CustomEvent<UploadCancelEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-cancel': UploadCancelEvent;
  }
}

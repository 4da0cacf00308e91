import type { Upload } from '../../engine/upload.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';

/** The detail of `upload-start`. */
export interface UploadStartEventDetail {
  file: File;
  item: UploadItem;
  /** The engine's upload, just started. */
  upload: Upload;
}

/** An upload started: the first time, and again on each retry after a failure (not on resume after pause). */
export type UploadStartEvent = CustomEvent<UploadStartEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-start': UploadStartEvent;
  }
}

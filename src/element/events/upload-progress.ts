import type { Upload } from '../../engine/upload.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';

/** The detail of `upload-progress`. */
export interface UploadProgressEventDetail {
  file: File;
  item: UploadItem;
  upload: Upload;
  /** Bytes the server has confirmed; never decreases. */
  bytesCommitted: number;
  /** The file's size in bytes. */
  bytesTotal: number;
}

/** The server confirmed more bytes (once per chunk; the rendering is batched separately, per frame). */
export type UploadProgressEvent = CustomEvent<UploadProgressEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-progress': UploadProgressEvent;
  }
}

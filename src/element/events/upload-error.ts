import type { Upload } from '../../engine/upload.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';

/** The detail of `upload-error`. */
export interface UploadErrorEventDetail {
  file: File;
  item: UploadItem;
  /** Undefined when the upload could not even be made: `prepare` threw, or an option was invalid. */
  upload: Upload | undefined;
  /** Usually an `UploadError`: match on its `code` (`isUploadError(error) && error.code === 'network'`). */
  error: Error;
}

/** An upload failed after the engine's own retries; the row offers Retry, as does `item.retry()`. */
export type UploadErrorEvent = CustomEvent<UploadErrorEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-error': UploadErrorEvent;
  }
}

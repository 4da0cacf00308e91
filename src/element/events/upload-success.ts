import type { Upload } from '../../engine/upload.ts';
import type { UploadResult } from '../../protocol/final-result.ts';
import type { UploadItem } from '../item/upload-item.ts';

export interface UploadSuccessEventDetail {
  file: File;
  item: UploadItem;
  upload: Upload;
  /** The server's final answer: `status` and the resource in `body`. */
  result: UploadResult;
}

/** A file is stored on the server, whole. */
export type UploadSuccessEvent = CustomEvent<UploadSuccessEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-success': UploadSuccessEvent;
  }
}

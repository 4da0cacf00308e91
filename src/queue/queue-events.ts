import type { Upload } from '../engine/upload.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import type { ItemStatus } from './item/item-status.ts';
import type { UploadItem } from './item/upload-item.ts';
import type { RejectReason } from './validation/check-file.ts';

// The details of the queue's events; `<resumable-upload>` fires the same ones, with the same details.

/** The detail of `upload-add`. */
export interface UploadAddEventDetail {
  /** The chosen, dropped or pasted file; it passed `accept` and the size and count limits. */
  file: File;
  /** Where the file sits in a dropped or chosen folder (`photos/2024/a.jpg`); else its name. */
  relativePath: string;
  /** Set by a listener that calls `preventDefault()`: the words the row shows as the reason instead of "the page did not accept it". */
  message?: string;
  /** Set to true with `preventDefault()` to leave the file out without a rejected row nor an `upload-reject` event. */
  silent?: boolean;
}

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

/** The detail of `upload-start`. */
export interface UploadStartEventDetail {
  file: File;
  item: UploadItem;
  /** The engine's upload, just started. */
  upload: Upload;
}

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

/** A file of the list is stored. */
export interface UploadSuccessEventDetail {
  /** Absent here; `true` on a `BackgroundSuccessDetail` (check it first when you use the `background` attribute). */
  background?: undefined;
  file: File;
  item: UploadItem;
  upload: Upload;
  /** The server's final answer: `status` and the resource in `body`. */
  result: UploadResult;
}

/** The detail of `upload-error`. */
export interface UploadErrorEventDetail {
  file: File;
  item: UploadItem;
  /** Undefined when the upload could not even be made: `prepare` threw, or an option was invalid. */
  upload: Upload | undefined;
  /** Usually an `UploadError`: match on its `code` (`isUploadError(error) && error.code === 'network'`). */
  error: Error;
}

/** The detail of `upload-cancel`. */
export interface UploadCancelEventDetail {
  file: File;
  item: UploadItem;
  /** Undefined when the file was cancelled before it started. */
  upload: Upload | undefined;
}

/** The detail of the queue's `upload-sent`: read `item.bytesSent`. */
export interface UploadSentEventDetail {
  item: UploadItem;
}

/** The detail of the queue's `upload-status`. */
export interface UploadStatusEventDetail {
  item: UploadItem;
  /** The status before; the same as `item.status` when a retry's countdown starts again. */
  previous: ItemStatus;
}

/**
 * The events an `UploadQueue` fires, with their details. `upload-add` is cancelable
 * (`preventDefault()` lists the file as rejected, `'cancelled-by-app'`); `upload-status` fires on
 * every change of an item's status; `upload-sent` as the bytes on their way change (`item.bytesSent`).
 */
export interface UploadQueueEventMap {
  'upload-add': CustomEvent<UploadAddEventDetail>;
  'upload-reject': CustomEvent<UploadRejectEventDetail>;
  'upload-start': CustomEvent<UploadStartEventDetail>;
  'upload-progress': CustomEvent<UploadProgressEventDetail>;
  'upload-success': CustomEvent<UploadSuccessEventDetail>;
  'upload-error': CustomEvent<UploadErrorEventDetail>;
  'upload-cancel': CustomEvent<UploadCancelEventDetail>;
  'upload-status': CustomEvent<UploadStatusEventDetail>;
  'upload-sent': CustomEvent<UploadSentEventDetail>;
}

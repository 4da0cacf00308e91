import type { UploadResult } from '../../protocol/final-result.ts';
import type { UploadSuccessEventDetail } from '../../queue/queue-events.ts';
import type { StoredUpload } from '../../storage/stored-upload.ts';

export type { UploadSuccessEventDetail } from '../../queue/queue-events.ts';

/**
 * With the `background` attribute: an upload the browser finished after its page was closed,
 * reported once, on the next visit, as an `upload-success` whose detail has `background: true`.
 * There is no file, item or upload of this page; `storedUpload` names the file. Kept out of
 * `UploadSuccessEvent`'s type so code written without `background` keeps its types; narrow with
 * `isBackgroundSuccess(event.detail)`.
 */
export interface BackgroundSuccessDetail {
  background: true;
  file: undefined;
  item: undefined;
  upload: undefined;
  storedUpload: StoredUpload;
  /** The server's final answer to the request the browser sent. */
  result: UploadResult;
}

/** True for the `upload-success` of an upload the browser finished in the background. */
export const isBackgroundSuccess = (detail: UploadSuccessEventDetail | BackgroundSuccessDetail): detail is BackgroundSuccessDetail =>
  detail.background === true;

/** A file is stored on the server, whole. */
export type UploadSuccessEvent = CustomEvent<UploadSuccessEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-success': UploadSuccessEvent;
  }
}

import type { UploadCancelEventDetail } from '../../queue/queue-events.ts';

export type { UploadCancelEventDetail } from '../../queue/queue-events.ts';

/** An upload was cancelled, from its button, `item.cancel()`, `cancelAll()` or `upload.abort()`. */
export type UploadCancelEvent = CustomEvent<UploadCancelEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-cancel': UploadCancelEvent;
  }
}

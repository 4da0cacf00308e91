import type { UploadErrorEventDetail } from '../../queue/queue-events.ts';

export type { UploadErrorEventDetail } from '../../queue/queue-events.ts';

/** An upload failed after the engine's own retries; the row offers Retry, as does `item.retry()`. */
export type UploadErrorEvent = CustomEvent<UploadErrorEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-error': UploadErrorEvent;
  }
}

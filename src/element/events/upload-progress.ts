import type { UploadProgressEventDetail } from '../../queue/queue-events.ts';

export type { UploadProgressEventDetail } from '../../queue/queue-events.ts';

/** The server confirmed more bytes (once per chunk; the rendering is batched separately, per frame). */
export type UploadProgressEvent = CustomEvent<UploadProgressEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-progress': UploadProgressEvent;
  }
}

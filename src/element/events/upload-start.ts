import type { UploadStartEventDetail } from '../../queue/queue-events.ts';

export type { UploadStartEventDetail } from '../../queue/queue-events.ts';

/** An upload started: the first time, and again on each retry after a failure (not on resume after pause). */
export type UploadStartEvent = CustomEvent<UploadStartEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-start': UploadStartEvent;
  }
}

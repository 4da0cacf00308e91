import type { UploadRejectEventDetail } from '../../queue/queue-events.ts';

export type { UploadRejectEventDetail } from '../../queue/queue-events.ts';

/** A file was not added: it failed `accept` or a size or count limit, was one too many, or the page refused it. */
export type UploadRejectEvent = CustomEvent<UploadRejectEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-reject': UploadRejectEvent;
  }
}

import type { UploadAddEventDetail } from '../../queue/queue-events.ts';

export type { UploadAddEventDetail } from '../../queue/queue-events.ts';

/**
 * Before a file is listed (and started, with `auto`). Cancelable: `preventDefault()` leaves the file
 * out, with a rejected row (reason `'cancelled-by-app'`, your `detail.message` if you set one) and an
 * `upload-reject` event, unless you set `detail.silent`.
 */
export type UploadAddEvent = CustomEvent<UploadAddEventDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-add': UploadAddEvent;
  }
}

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

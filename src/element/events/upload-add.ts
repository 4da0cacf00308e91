export interface UploadAddDetail {
  /** The chosen, dropped or pasted file; it passed `accept` and `max-file-size`. */
  file: File;
}

/** Before a file is listed (and started, with `auto`). Cancelable: `preventDefault()` leaves the file out. */
export type UploadAddEvent = CustomEvent<UploadAddDetail>;

declare global {
  interface HTMLElementEventMap {
    'upload-add': UploadAddEvent;
  }
}

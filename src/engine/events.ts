import type { UploadState } from './state.ts';

/** The detail of an `Upload`'s `progress` and `sent` events: the bytes the server confirmed, of the file's size. */
export interface UploadProgressDetail {
  /** Bytes the server has confirmed (the `308` `Range`, or the whole file once finished). Never decreases. */
  bytesCommitted: number;
  /**
   * Bytes the browser has sent: those confirmed and the part of the chunk in flight the server has
   * not confirmed yet (resumable uploads; the others tell only what is confirmed). Never a promise:
   * it falls back to `bytesCommitted` when the chunk is lost or the upload paused.
   */
  bytesSent: number;
  /** The file's size. */
  bytesTotal: number;
}

/** The detail of an `Upload`'s `statechange` event. */
export interface UploadStateChangeDetail {
  state: UploadState;
  previous: UploadState;
  /** While `retrying`: how long until the next attempt, in milliseconds. */
  retryInMs?: number;
}

/** The events an `Upload` fires, with their details: `progress`, `sent` and `statechange`. */
export interface UploadEventMap {
  progress: CustomEvent<UploadProgressDetail>;
  sent: CustomEvent<UploadProgressDetail>;
  statechange: CustomEvent<UploadStateChangeDetail>;
}

import type { UploadState } from './state.ts';

/** The detail of an `Upload`'s `progress` event: the bytes the server confirmed, of the file's size. */
export interface UploadProgressDetail {
  /** Bytes the server has confirmed (the `308` `Range`, or the whole file once finished). Never decreases. */
  bytesCommitted: number;
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

/** The events an `Upload` fires, with their details: `progress` and `statechange`. */
export interface UploadEventMap {
  progress: CustomEvent<UploadProgressDetail>;
  statechange: CustomEvent<UploadStateChangeDetail>;
}

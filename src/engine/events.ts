import type { UploadState } from './state.ts';

export interface UploadProgressDetail {
  /** Bytes the server has confirmed (the `308` `Range`, or the whole file once finished). Never decreases. */
  bytesCommitted: number;
  /** The file's size. */
  bytesTotal: number;
}

export interface UploadStateChangeDetail {
  state: UploadState;
  previous: UploadState;
  /** While `retrying`: how long until the next attempt, in milliseconds. */
  retryInMs?: number;
}

export interface UploadEventMap {
  progress: CustomEvent<UploadProgressDetail>;
  statechange: CustomEvent<UploadStateChangeDetail>;
}

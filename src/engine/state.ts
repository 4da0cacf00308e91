/** The states of an upload, declared once. */
export const UploadStates = Object.freeze({
  idle: 'idle',
  starting: 'starting',
  uploading: 'uploading',
  paused: 'paused',
  retrying: 'retrying',
  offline: 'offline',
  done: 'done',
  error: 'error',
  aborted: 'aborted',
} as const);

export type UploadState = (typeof UploadStates)[keyof typeof UploadStates];

/** The moves an upload may make; anything else is a bug in the engine and throws. */
const running: readonly UploadState[] = ['starting', 'uploading', 'retrying', 'offline', 'paused', 'done', 'error', 'aborted'];
const allowed: Record<UploadState, readonly UploadState[]> = {
  idle: ['starting', 'error', 'aborted'],
  starting: running,
  uploading: running,
  retrying: running,
  offline: running,
  paused: ['starting', 'uploading', 'aborted'],
  // `start()` again after an error resumes the same session.
  error: ['starting', 'aborted'],
  done: [],
  aborted: [],
};

export function canMove(from: UploadState, to: UploadState): boolean {
  return from === to || allowed[from].includes(to);
}

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

/**
 * The states of a running upload, declared once: those `pause()` stops, in which leaving the page
 * may lose bytes, and (in the element) those that hold one of the `concurrency` places.
 */
export const ActiveStates = Object.freeze(['starting', 'uploading', 'retrying', 'offline'] as const satisfies readonly UploadState[]);

export type ActiveState = (typeof ActiveStates)[number];

export const isActive = (state: string): state is ActiveState => (ActiveStates as readonly string[]).includes(state);

/** The moves an upload may make; anything else is a bug in the engine and throws. */
const running: readonly UploadState[] = [...ActiveStates, 'paused', 'done', 'error', 'aborted'];
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

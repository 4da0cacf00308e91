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
 * What each state allows, in one table: the states it may move to (any other move is a bug in the
 * engine and throws), and whether the upload is active in it: running, so `pause()` stops it, leaving
 * the page may lose bytes in flight, and (in the element) it holds one of the `concurrency` places.
 * A state with no move out is settled: nothing can happen to the upload any more.
 */
const ACTIVE = { active: true, next: ['starting', 'uploading', 'retrying', 'offline', 'paused', 'done', 'error', 'aborted'] } as const;
const STATE_TABLE = {
  idle: { active: false, next: ['starting', 'error', 'aborted'] },
  starting: ACTIVE,
  uploading: ACTIVE,
  retrying: ACTIVE,
  offline: ACTIVE,
  paused: { active: false, next: ['starting', 'uploading', 'aborted'] },
  // `start()` again after an error resumes the same session.
  error: { active: false, next: ['starting', 'aborted'] },
  done: { active: false, next: [] },
  aborted: { active: false, next: [] },
} as const satisfies Record<UploadState, { active: boolean; next: readonly UploadState[] }>;

type Table = typeof STATE_TABLE;
export type ActiveState = { [S in UploadState]: Table[S]['active'] extends true ? S : never }[UploadState];

/** The states of a running upload, derived from the table. */
export const ActiveStates: readonly ActiveState[] = Object.freeze(
  (Object.keys(STATE_TABLE) as UploadState[]).filter((state): state is ActiveState => STATE_TABLE[state].active),
);

export const isActive = (state: string): state is ActiveState => STATE_TABLE[state as UploadState]?.active === true;

/** Done or aborted: no move out, so no command (start, pause, resume, abort) changes anything. */
export const isSettled = (state: UploadState): boolean => STATE_TABLE[state].next.length === 0;

/** The one check every change of state goes through. */
export function canMove(from: UploadState, to: UploadState): boolean {
  return from === to || (STATE_TABLE[from].next as readonly UploadState[]).includes(to);
}

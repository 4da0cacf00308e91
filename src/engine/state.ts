/** The states of an upload, declared once. */
export const UploadStates = Object.freeze({
  idle: 'idle',
  starting: 'starting',
  uploading: 'uploading',
  paused: 'paused',
  retrying: 'retrying',
  offline: 'offline',
  /** Handed to the browser (the `background` option): it sends the rest; the page waits for its request to end. */
  background: 'background',
  done: 'done',
  error: 'error',
  aborted: 'aborted',
} as const);

/** Where an upload stands: one of the values of `UploadStates`. */
export type UploadState = (typeof UploadStates)[keyof typeof UploadStates];

/** What a caller can ask of an upload. */
export type UploadCommand = 'start' | 'pause' | 'resume' | 'abort';

interface StateRule {
  /** Running: `pause()` stops it, leaving the page may lose bytes in flight, and (in the element) it holds one of the `concurrency` places. */
  readonly active: boolean;
  /** What each command does here: the state it moves to; a command missing here changes nothing. */
  readonly on: Partial<Record<UploadCommand, UploadState>>;
}

/**
 * Everything the states allow, in one table: `Upload` asks it before obeying a command, and checks
 * every change of state against it. An active state may also move wherever its transfer takes it
 * (any state but `idle`); any other state only where a command takes it, so `done` and `aborted`,
 * with no command, are settled. Any other move is a bug in the engine and throws.
 */
const RUNNING: StateRule = { active: true, on: { pause: 'paused', abort: 'aborted' } };
const STATE_TABLE = {
  idle: { active: false, on: { start: 'starting', abort: 'aborted' } },
  starting: RUNNING,
  uploading: RUNNING,
  retrying: RUNNING,
  offline: RUNNING,
  // Paused there, the upload does not go on after the browser's request (which the page cannot stop).
  background: RUNNING,
  paused: { active: false, on: { resume: 'starting', abort: 'aborted' } },
  // `start()` again after an error resumes the same session.
  error: { active: false, on: { start: 'starting', abort: 'aborted' } },
  done: { active: false, on: {} },
  aborted: { active: false, on: {} },
} as const satisfies Record<UploadState, StateRule>;

type ActiveRows = { [S in UploadState]: (typeof STATE_TABLE)[S] extends { active: true } ? S : never };
export type ActiveState = ActiveRows[UploadState];

/** The states of a running upload, derived from the table. Pure: a bundle that never reads it (the engine alone) drops it. */
export const ActiveStates: readonly ActiveState[] = /* @__PURE__ */ Object.freeze(
  (Object.keys(STATE_TABLE) as UploadState[]).filter((state): state is ActiveState => STATE_TABLE[state].active),
);

export const isActive = (state: string): state is ActiveState => STATE_TABLE[state as UploadState]?.active === true;

/** Where a command takes an upload in `state`, or undefined when it changes nothing there. */
export const afterCommand = (state: UploadState, command: UploadCommand): UploadState | undefined =>
  (STATE_TABLE[state].on as StateRule['on'])[command];

/** The one check every change of state goes through. */
export function canMove(from: UploadState, to: UploadState): boolean {
  return from === to || (isActive(from) ? to !== 'idle' : Object.values(STATE_TABLE[from].on).includes(to as never));
}

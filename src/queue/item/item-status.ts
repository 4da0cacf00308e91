import { ActiveStates, UploadStates } from '../../engine/state.ts';

/** The engine's states an item shows as they are; its idle, error and aborted are the list's own words. */
const FROM_ENGINE = ['starting', 'uploading', 'paused', 'retrying', 'offline', 'background', 'done'] as const;
type FromEngine = (typeof FROM_ENGINE)[number];

/** Where one file of the list stands, declared once: the engine's states, derived, plus the list's own. */
export const ItemStatuses = Object.freeze({
  /** Added with `auto="false"`: waits for `start()` or `startAll()`. */
  ready: 'ready',
  /** Waits for a free place (`concurrency`). */
  queued: 'queued',
  ...(Object.fromEntries(FROM_ENGINE.map((state) => [state, UploadStates[state]])) as { [K in FromEngine]: (typeof UploadStates)[K] }),
  failed: 'failed',
  cancelled: 'cancelled',
  /** Not added: it failed `accept`, a size or count limit or `multiple`; or its file was replaced (`replaceFile`) by one that fails `accept` or a size limit. */
  rejected: 'rejected',
} as const);

/** Where one file of the list stands: one of the values of `ItemStatuses`. */
export type ItemStatus = (typeof ItemStatuses)[keyof typeof ItemStatuses];

/** Statuses that take one of the `concurrency` places: the engine's active states, which items mirror. */
export const ACTIVE: readonly ItemStatus[] = ActiveStates;
/** Statuses that never change again; the item can only be removed. */
export const SETTLED: readonly ItemStatus[] = ['done', 'cancelled', 'rejected'];

const running: readonly ItemStatus[] = [...ACTIVE, 'paused', 'done', 'failed', 'cancelled'];
const allowed: Record<ItemStatus, readonly ItemStatus[]> = {
  // Rejected later: its file was replaced by one the rules refuse (`replaceFile`).
  ready: ['queued', 'cancelled', 'rejected'],
  queued: running,
  starting: running,
  uploading: running,
  retrying: running,
  offline: running,
  background: running,
  // A paused item goes back in the queue; the engine itself may also be resumed by script.
  paused: ['queued', 'rejected', ...running],
  failed: ['queued', 'cancelled', 'rejected'],
  done: [],
  cancelled: [],
  rejected: [],
};

export function canMoveItem(from: ItemStatus, to: ItemStatus): boolean {
  return from === to || allowed[from].includes(to);
}

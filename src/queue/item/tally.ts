import { isActive } from '../../engine/state.ts';
import type { UploadItem } from './upload-item.ts';

/** The list as a whole: files by outcome, bytes the server confirmed of all, the speed of all. */
export interface Tally {
  /** Files counted: every listed one but those rejected or cancelled. */
  files: number;
  done: number;
  failed: number;
  /** Neither done nor failed yet: waiting, under way or paused. */
  left: number;
  paused: number;
  /** Not added (listed with the reason), not counted in `files`. */
  rejected: number;
  /** Waiting for a place or under way: what Pause all stops. */
  running: number;
  bytesTotal: number;
  /** Confirmed by the server, never a guess: a done file counts whole. */
  bytesCommitted: number;
  /** The uploading files' speeds added up; undefined while none is measured. */
  bytesPerSecond: number | undefined;
}

/** One item's share of the totals: counts of 0 or 1, its bytes, its speed (0 and not measured when undefined). */
type Share = Omit<Tally, 'bytesPerSecond'> & { speed: number; measured: number };
const COUNTS = ['files', 'done', 'failed', 'left', 'paused', 'rejected', 'running', 'bytesTotal', 'bytesCommitted', 'speed', 'measured'] as const;

function shareOf(item: UploadItem): Share | undefined {
  const { status, file } = item;
  if (status === 'cancelled') return undefined;
  if (status === 'rejected') return { ...emptyShare(), rejected: 1 };
  const speed = item.bytesPerSecond;
  return {
    files: 1,
    done: Number(status === 'done'),
    failed: Number(status === 'failed'),
    left: Number(status !== 'done' && status !== 'failed'),
    paused: Number(status === 'paused'),
    rejected: 0,
    running: Number(status === 'queued' || isActive(status)),
    bytesTotal: file.size,
    bytesCommitted: status === 'done' ? file.size : item.bytesCommitted,
    speed: speed ?? 0,
    measured: Number(speed !== undefined),
  };
}

/**
 * The totals of the list kept as running sums: each change of an item takes its old share out and
 * puts its new one in, so the summary, the form and the announcements cost the same with 1,000 files
 * as with 10.
 */
export class RunningTally {
  #shares = new WeakMap<UploadItem, Share>();
  #sum: Share = emptyShare();
  /** Changes whenever a file becomes done or a done file leaves the list (the form's value follows). */
  #doneChanges = 0;

  get current(): Tally {
    const { speed, measured, ...counts } = this.#sum;
    return { ...counts, bytesPerSecond: measured > 0 ? speed : undefined };
  }

  get doneChanges(): number {
    return this.#doneChanges;
  }

  /** The item changed (status, progress, speed): its share is counted anew. */
  update(item: UploadItem): void {
    this.#replace(item, shareOf(item));
  }

  /** The item left the list. */
  remove(item: UploadItem): void {
    this.#replace(item, undefined);
  }

  clear(): void {
    this.#shares = new WeakMap();
    this.#sum = emptyShare();
    this.#doneChanges++;
  }

  #replace(item: UploadItem, share: Share | undefined): void {
    const old = this.#shares.get(item);
    if (old === share) return;
    const sum = this.#sum;
    for (const key of COUNTS) sum[key] += (share?.[key] ?? 0) - (old?.[key] ?? 0);
    // Speeds are fractions: start again from exact zero when none is measured, so errors do not add up.
    if (sum.measured === 0) sum.speed = 0;
    if ((share?.done ?? 0) !== (old?.done ?? 0)) this.#doneChanges++;
    if (share) this.#shares.set(item, share);
    else this.#shares.delete(item);
  }
}

function emptyShare(): Share {
  return { files: 0, done: 0, failed: 0, left: 0, paused: 0, rejected: 0, running: 0, bytesTotal: 0, bytesCommitted: 0, speed: 0, measured: 0 };
}

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
  /** Waiting for a place or under way: what Pause all stops. */
  running: number;
  bytesTotal: number;
  /** Confirmed by the server, never a guess: a done file counts whole. */
  bytesCommitted: number;
  /** The uploading files' speeds added up; undefined while none is measured. */
  bytesPerSecond: number | undefined;
}

export function tally(items: readonly UploadItem[]): Tally {
  const sum: Tally = { files: 0, done: 0, failed: 0, left: 0, paused: 0, running: 0, bytesTotal: 0, bytesCommitted: 0, bytesPerSecond: undefined };
  for (const item of items) {
    const { status, file } = item;
    if (status === 'rejected' || status === 'cancelled') continue;
    sum.files++;
    sum.bytesTotal += file.size;
    sum.bytesCommitted += status === 'done' ? file.size : item.bytesCommitted;
    if (status === 'done') sum.done++;
    else if (status === 'failed') sum.failed++;
    else sum.left++;
    if (status === 'paused') sum.paused++;
    if (status === 'queued' || isActive(status)) sum.running++;
    const speed = item.bytesPerSecond;
    if (speed !== undefined) sum.bytesPerSecond = (sum.bytesPerSecond ?? 0) + speed;
  }
  return sum;
}

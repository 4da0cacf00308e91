// `resumable-upload/svelte`: `uploadsStore(queue)`, a queue's snapshot as a Svelte store. It needs
// nothing of Svelte at run time: a store is any object that keeps Svelte's store contract.
import type { QueueCore, QueueSnapshot } from './queue/queue-core.ts';

/** A readable store by Svelte's contract (as `svelte/store`'s `Readable<QueueSnapshot>`): `$uploads` in a component reads it. */
export interface UploadsStore {
  /** Calls `run` with the snapshot of now, then with each new one; returns the function that stops it. */
  subscribe(this: void, run: (snapshot: QueueSnapshot) => void): () => void;
}

/**
 * The queue's snapshot as a readable store: `$uploads` in a component renders it, and again whenever
 * the queue changes (a new snapshot). Each subscriber listens to the queue until it unsubscribes, as
 * a component does when it is destroyed.
 *
 * @example
 * const uploads = uploadsStore(queue); // in markup: {$uploads.tally.done} of {$uploads.tally.files}
 */
export function uploadsStore(queue: QueueCore): UploadsStore {
  return {
    subscribe(run) {
      run(queue.snapshot());
      return queue.subscribe(() => run(queue.snapshot()));
    },
  };
}

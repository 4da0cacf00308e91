// `resumable-upload/vue`: `useUploads(queue)`, a queue's snapshot as a Vue ref.
import { getCurrentScope, onScopeDispose, shallowRef, type ShallowRef } from 'vue';
import type { QueueCore, QueueSnapshot } from './queue/queue-core.ts';

/**
 * The queue's snapshot as a ref, for a component's `setup()` (or `<script setup>`): it holds a new
 * snapshot whenever the queue changes, so what renders from it renders again; nothing changed, no
 * render. Shallow, as the items are the queue's own live objects, not made reactive. It stops
 * listening when the component (its effect scope) ends; called outside any, it listens as long as
 * the queue lives.
 *
 * @example
 * const uploads = useUploads(queue); // uploads.value.items, uploads.value.tally
 */
export function useUploads(queue: QueueCore): Readonly<ShallowRef<QueueSnapshot>> {
  const snapshot = shallowRef(queue.snapshot());
  const stop = queue.subscribe(() => (snapshot.value = queue.snapshot()));
  if (getCurrentScope()) onScopeDispose(stop);
  return snapshot;
}

import type { UploadQueue } from '../../../src/queue.ts';

/** Counts the queue's listeners as they subscribe and unsubscribe: `active()` is how many listen now. */
export function countSubscriptions(queue: UploadQueue): { active: () => number; ever: () => number } {
  const subscribe = queue.subscribe.bind(queue);
  let active = 0;
  let ever = 0;
  queue.subscribe = (listener) => {
    active++;
    ever++;
    const stop = subscribe(listener);
    let stopped = false;
    return () => {
      if (!stopped) active--;
      stopped = true;
      stop();
    };
  };
  return { active: () => active, ever: () => ever };
}

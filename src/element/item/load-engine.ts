import type { Upload } from '../../engine/upload.ts';
import { UploadError } from '../../errors/upload-error.ts';

let loading: Promise<typeof Upload> | undefined;

/** Fetches the engine's chunk; tests replace it to hold the load or make it fail. */
export const engineChunk = { load: () => import('../../engine/upload.ts') };

/**
 * The engine (its protocol, ky and the session store) is a chunk of its own: the element shows its
 * drop zone and button without it, and loads it for the first file (or earlier, at idle, with
 * `prefetchEngine`). Every caller waits on the same promise, so files keep their order. A failed
 * load rejects with an `UploadError` (`'network'`) and is tried again on the next call (Retry).
 */
export function loadEngine(): Promise<typeof Upload> {
  loading ??= engineChunk.load().then(
    ({ Upload }) => Upload,
    (cause: unknown) => {
      loading = undefined;
      throw new UploadError('network', 'The upload code could not be loaded (the network or the server failed); try again.', { cause });
    },
  );
  return loading;
}

/** Loads the engine when the page is idle, so the first file does not wait for it. */
export function prefetchEngine(): void {
  if (loading) return;
  const load = () => void loadEngine().catch(() => {}); // a failed prefetch is tried again, and reported, by the first file
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

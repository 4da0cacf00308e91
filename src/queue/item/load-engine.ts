import type { Upload } from '../../engine/upload.ts';
import { UploadError } from '../../errors/upload-error.ts';

type EngineChunk = typeof import('./engine-chunk.ts');

let loading: Promise<EngineChunk> | undefined;

/** Fetches the engine's chunk; tests replace it to hold the load or make it fail. */
export const engineChunk = { load: () => import('./engine-chunk.ts') };

/**
 * The engine (its protocol and the session store; ky and XHR load after it) is a chunk of its own: the element shows its
 * drop zone and button without it, and loads it for the first file (or earlier, at idle, with
 * `prefetchEngine`). Every caller waits on the same promise, so files keep their order. A failed
 * load rejects with an `UploadError` (`'network'`) and is tried again on the next call (Retry).
 */
export function loadEngine(): Promise<typeof Upload> {
  return engineLoad().then(({ Upload }) => Upload);
}

function engineLoad(): Promise<EngineChunk> {
  loading ??= engineChunk.load().catch((cause: unknown) => {
    loading = undefined;
    throw new UploadError('network', 'The upload code could not be loaded (the network or the server failed); try again.', { cause });
  });
  return loading;
}

/** Loads the engine when the page is idle, so the first file does not wait for it. */
export function prefetchEngine(): void {
  if (loading) return;
  // The engine's HTTP transports (ky, XHR) too, which it would load only with the first upload.
  // A failed prefetch is tried again, and reported, by the first file.
  const load = () => void engineLoad().then(({ preloadTransports }) => preloadTransports(), () => {});
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

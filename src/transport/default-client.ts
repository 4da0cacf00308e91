import { RetryableFailure } from '../errors/retryable-failure.ts';
import type { HttpClient } from './http-client.ts';

type Transports = typeof import('./transports.ts');

let loading: Promise<Transports> | undefined;

/** Fetches the transports' chunk; tests replace it to hold the load or make it fail. */
export const transportChunk = { load: (): Promise<Transports> => import('./transports.ts') };

/**
 * ky and the XHR transport load as a chunk of their own, once for every upload: a page carries them
 * only once it makes an upload. A failed load is retried like a request that got no answer (with
 * backoff, or when the browser is back online), and loaded afresh then.
 */
function transports(): Promise<Transports> {
  loading ??= transportChunk.load().catch((cause: unknown) => {
    loading = undefined;
    throw new RetryableFailure('the upload code (its HTTP transport) could not be loaded', undefined, undefined, undefined, { cause });
  });
  return loading;
}

/**
 * Bytes (Blob bodies) travel by XHR; the small control requests (start, status) by ky. Their code
 * starts loading when the client is made (an `Upload` is constructed), so the first request rarely
 * waits: the file's fingerprint and the store's lookup run meanwhile.
 */
export function defaultClient(stallTimeoutMs?: number): HttpClient {
  preloadTransports();
  let bodies: HttpClient | undefined;
  return async (request) => {
    const { kyClient, xhrClient } = await untilAborted(transports(), request.signal);
    if (!(request.body instanceof Blob)) return kyClient(request);
    bodies ??= xhrClient(stallTimeoutMs);
    return bodies(request);
  };
}

/** Starts loading the transports (a page about to upload, at idle); a failure is reported by the first request. */
export function preloadTransports(): void {
  transports().catch(() => {});
}

/** A pause or an abort does not wait for the load. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

import { RetryableFailure } from '../errors/retryable-failure.ts';
import type { HttpClient } from './http-client.ts';

type Transports = typeof import('./transports.ts');

let loading: Promise<Transports> | undefined;

/**
 * Fetches the transports' chunk; tests replace it to hold the load or make it fail, and turn off
 * `atIdle` to see the load the first `Upload` starts.
 */
export const transportChunk = { load: (): Promise<Transports> => import('./transports.ts'), atIdle: true };

/**
 * ky and the XHR transport load as a chunk of their own, once for every upload: a page does not
 * carry them at start, but once it is idle (below), or with the first upload if that comes sooner.
 * A failed load is retried like a request that got no answer (with backoff, or when the browser is
 * back online), and loaded afresh then.
 */
function transports(): Promise<Transports> {
  loading ??= transportChunk.load().catch((cause: unknown) => {
    loading = undefined;
    throw new RetryableFailure('the upload code (its HTTP transport) could not be loaded', undefined, undefined, undefined, { cause });
  });
  return loading;
}

/**
 * Bytes (Blob bodies) travel by XHR; the small control requests (start, status) by ky; both give up
 * a request that stalls for `stallTimeoutMs`. Their code starts loading when the client is made (an
 * `Upload` is constructed), so the first request rarely waits: the file's fingerprint and the store's
 * lookup run meanwhile. With `caller` (the `httpClient` option) every request goes through it
 * instead, held to the port's contract (its check travels in the same chunk).
 */
export function defaultClient(stallTimeoutMs?: number, caller?: HttpClient): HttpClient {
  preloadTransports();
  return async (request) => {
    const { kyClient, xhrClient, callerClient } = await untilAborted(transports(), request.signal);
    return (caller ? callerClient(caller) : (request.body instanceof Blob ? xhrClient : kyClient)(stallTimeoutMs))(request);
  };
}

/** Starts loading the transports (a page about to upload, at idle); a failure is reported by the first request. */
export function preloadTransports(): void {
  transports().catch(() => {});
}

// A page with the engine is a page that uploads: its transports load once the page is idle (or, where
// there is no idle callback, after the current task), so the first upload does not wait for them. On a
// link they cost a round trip before the session's start, which nothing else overlaps (some 60 ms of
// the 180 to the first confirmed progress at 100 Mbit/s·40 ms). A page never idle loads them with its first upload.
if (globalThis.document) (globalThis.requestIdleCallback ?? setTimeout)(() => transportChunk.atIdle && preloadTransports());

/** A pause or an abort does not wait for the load. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

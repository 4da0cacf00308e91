/** True when the browser knows it has no network; requests would fail at once. */
export function isOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

/** Resolves when the browser is back online; rejects with the signal's reason when it aborts. */
export function waitOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onOnline = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      globalThis.removeEventListener('online', onOnline);
      reject(signal.reason);
    };
    globalThis.addEventListener('online', onOnline, { once: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

import type { FileDigests } from './digests.ts';

/** The file's MD5 and CRC-32C, computed in a Worker; loaded only when `verify` is on. */
export function digestInWorker(file: Blob, signal: AbortSignal): Promise<FileDigests> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./digest-worker.ts', import.meta.url), { type: 'module' });
    const done = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    worker.onmessage = (event: MessageEvent<{ digests?: FileDigests; error?: string }>) => {
      done();
      if (event.data.digests) resolve(event.data.digests);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message || 'The checksum worker failed'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(file);
  });
}

import { UploadError } from '../errors/upload-error.ts';

/** Thrown into a run to stop it; `pause()` and `abort()` tell them apart by the upload's state. */
export const STOP = Symbol('stop');

/** Waits for `promise`, or less if the upload is aborted meanwhile. */
export function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    void promise.then(resolve);
  });
}

/** A part of the engine loaded when first needed did not load (the network dropped): `start()` again loads it afresh. */
export const notLoaded =
  (what: string) =>
  (cause: unknown): never => {
    throw new UploadError('network', `The upload code (${what}) could not be loaded; start() again to retry.`, { cause });
  };

export function abortedError(): UploadError {
  return new UploadError('aborted', 'The upload was aborted (abort() was called or its signal fired).');
}

import { expect } from 'vitest';
import { Upload, UploadError, type SessionStore, type UploadState } from '../../../src/index.ts';
import { QUANTUM } from './files.ts';
import { faultHeaders } from './server.ts';

/** Retries fast enough for tests; the policy is the same as in production. */
export const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 50 };

/** The `UploadError` a promise rejects with; fails the test if it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

/** Resolves the next time the upload enters `state`. */
export function nextState(upload: Upload, state: UploadState): Promise<void> {
  return new Promise((resolve) => upload.addEventListener('statechange', (e) => e.detail.state === state && resolve()));
}

/** An upload into `store` whose second chunk is refused (400): it stops with the first 256 KiB kept. */
export async function interruptAfterFirstChunk(store: SessionStore, file: File, url: string): Promise<Upload> {
  const upload = new Upload(file, {
    endpoint: url,
    store,
    chunkSize: QUANTUM,
    retry: fast,
    metadata: { name: file.name },
    headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
  });
  expect((await rejection(upload.start())).code).toBe('http');
  return upload;
}

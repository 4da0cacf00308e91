import { expect } from 'vitest';
import { UploadError, type Upload, type UploadState } from '../../../src/index.ts';

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

/**
 * Takes the Web Lock named after the file's fingerprint so two tabs never upload the same session.
 * Resolves with the release function, or undefined when another tab holds it.
 */
export function takeUploadLock(fingerprint: string): Promise<(() => void) | undefined> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return Promise.resolve(() => {});
  return new Promise((resolve, reject) => {
    locks
      .request(`resumable-upload:${fingerprint}`, { ifAvailable: true }, (lock) => {
        if (!lock) return resolve(undefined);
        // The lock lasts until this promise settles: until the upload releases it (or the tab closes).
        return new Promise<void>((release) => resolve(release));
      })
      .catch(reject);
  });
}

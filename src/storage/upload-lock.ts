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

/** The fingerprints whose upload some tab of this browser (this one included) is running right now. */
export async function lockedFingerprints(): Promise<Set<string>> {
  const locks = globalThis.navigator?.locks;
  // No Web Locks (or a context that refuses them): nothing is known to be running.
  const held = locks ? ((await locks.query().catch(() => undefined))?.held ?? []) : [];
  const prefix = 'resumable-upload:';
  return new Set(held.flatMap(({ name }) => (name?.startsWith(prefix) ? [name.slice(prefix.length)] : [])));
}

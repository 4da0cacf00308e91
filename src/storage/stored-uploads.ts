import { defaultSessionStore } from './idb-session-store.ts';
import type { StoredUpload } from './stored-upload.ts';

/** Interrupted uploads kept in this browser, newest first; for an endpoint when given. */
export async function listStoredUploads(endpoint?: string): Promise<StoredUpload[]> {
  const records = await defaultSessionStore().list();
  const wanted = endpoint === undefined ? undefined : new URL(endpoint, globalThis.location?.href).href;
  return records
    .filter((record) => wanted === undefined || record.endpoint === wanted)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Forgets one interrupted upload (its session on the server is left to expire). */
export function forgetStoredUpload(fingerprint: string): Promise<void> {
  return defaultSessionStore().delete(fingerprint);
}

/** Forgets every interrupted upload, e.g. at logout. */
export function clearStoredUploads(): Promise<void> {
  return defaultSessionStore().clear();
}

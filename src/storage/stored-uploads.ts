import { sha256Hex } from './fingerprint.ts';
import { defaultSessionStore } from './idb-session-store.ts';
import type { SessionStore } from './session-store.ts';
import { SESSION_LIFETIME_MS, isStale, type StoredUpload } from './stored-upload.ts';
import { withTimeout } from './with-timeout.ts';

/** How `listStoredUploads` reads. */
export interface ListStoredUploadsOptions {
  /** Records not updated for this long are removed rather than listed. Default: a week, a session's lifetime. */
  maxAgeMs?: number;
  /** The store the uploads were given as `store`. Default: the IndexedDB store every upload uses unless told otherwise. */
  store?: SessionStore;
}

/**
 * Interrupted uploads kept in this browser, newest first; for an endpoint when given. Records older
 * than `maxAgeMs` (default: a week, a session's lifetime) are removed rather than listed: their
 * sessions are gone on the server. Rejects when the store fails, or does not answer within 3 s (a
 * database another page holds blocked).
 */
export async function listStoredUploads(
  endpoint?: string,
  { maxAgeMs = SESSION_LIFETIME_MS, store = defaultSessionStore() }: ListStoredUploadsOptions = {},
): Promise<StoredUpload[]> {
  // A blocked database never answers: the list fails rather than never settling.
  const records = await withTimeout(store.list());
  // Records keep the endpoint without its query, and a hash of the whole to find it by.
  const wanted = endpoint === undefined ? undefined : await sha256Hex(new URL(endpoint, globalThis.location?.href).href);
  const now = Date.now();
  const stale = records.filter((record) => isStale(record, maxAgeMs, now));
  // Best effort: a record that cannot be deleted now is simply not listed.
  await Promise.all(stale.map((record) => withTimeout(store.delete(record.fingerprint)).catch(() => undefined)));
  return records
    .filter((record) => !isStale(record, maxAgeMs, now) && (wanted === undefined || record.endpointHash === wanted))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Forgets one interrupted upload (its session on the server is left to expire); from `store` when the uploads were given one. */
export function forgetStoredUpload(fingerprint: string, store: SessionStore = defaultSessionStore()): Promise<void> {
  return store.delete(fingerprint);
}

/** Forgets every interrupted upload, e.g. at logout; of `store` when the uploads were given one. */
export function clearStoredUploads(store: SessionStore = defaultSessionStore()): Promise<void> {
  return store.clear();
}

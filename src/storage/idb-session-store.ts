import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { SessionStore } from './session-store.ts';
import { isStoredUpload, type StoredUpload } from './stored-upload.ts';

/** Session records in IndexedDB, in a database of their own so nothing else of the page's is touched. */
export class IdbSessionStore implements SessionStore {
  readonly #store: UseStore;

  constructor(databaseName = 'resumable-upload', storeName = 'sessions') {
    this.#store = createStore(databaseName, storeName);
  }

  async get(fingerprint: string): Promise<StoredUpload | undefined> {
    const record: unknown = await get(fingerprint, this.#store);
    if (record === undefined) return undefined;
    if (isStoredUpload(record) && record.fingerprint === fingerprint) return record;
    await del(fingerprint, this.#store);
    return undefined;
  }

  set(record: StoredUpload): Promise<void> {
    return set(record.fingerprint, record, this.#store);
  }

  delete(fingerprint: string): Promise<void> {
    return del(fingerprint, this.#store);
  }

  async list(): Promise<StoredUpload[]> {
    // A record under another key than its own fingerprint was not written by the engine.
    return (await entries<IDBValidKey, unknown>(this.#store)).flatMap(([key, record]) =>
      isStoredUpload(record) && record.fingerprint === key ? [record] : [],
    );
  }

  clear(): Promise<void> {
    return clear(this.#store);
  }
}

let shared: IdbSessionStore | undefined;

/** The store every upload uses unless told otherwise; opened on first use. */
export function defaultSessionStore(): IdbSessionStore {
  shared ??= new IdbSessionStore();
  return shared;
}

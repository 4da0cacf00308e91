import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { SessionStore } from './session-store.ts';
import { isStoredUpload, type StoredUpload } from './stored-upload.ts';

/** Session records in IndexedDB, in a database of their own so nothing else of the page's is touched. */
export class IdbSessionStore implements SessionStore {
  readonly #store: UseStore;

  constructor(databaseName = 'resumable-upload', storeName = 'sessions') {
    this.#store = createStore(databaseName, storeName);
  }

  async get(fingerprint: string): Promise<StoredUpload | undefined> {
    const record: unknown = await this.#store('readonly', (store) => promisifyRequest(store.get(fingerprint)));
    if (record === undefined || (isStoredUpload(record) && record.fingerprint === fingerprint)) return record;
    // Not a record the engine wrote under this key: gone, as if never found.
    await this.delete(fingerprint);
  }

  set(record: StoredUpload): Promise<void> {
    return this.#write((store) => store.put(record, record.fingerprint));
  }

  delete(fingerprint: string): Promise<void> {
    return this.#write((store) => store.delete(fingerprint));
  }

  async list(): Promise<StoredUpload[]> {
    // Every browser this runs in has getAll (idb-keyval's `entries` also carries a cursor for those without).
    const [keys, records] = await this.#store('readonly', (store) => Promise.all([promisifyRequest(store.getAllKeys()), promisifyRequest(store.getAll())]));
    // A record under another key than its own fingerprint was not written by the engine.
    return records.filter((record: unknown, i) => isStoredUpload(record) && record.fingerprint === keys[i]);
  }

  clear(): Promise<void> {
    return this.#write((store) => store.clear());
  }

  /** A change that settles once its transaction is committed, as idb-keyval's `set` and `del` do. */
  #write(change: (store: IDBObjectStore) => unknown): Promise<void> {
    return this.#store('readwrite', (store) => {
      change(store);
      // Committed now, not once this page hears back: WebKit freezes a page left for its back/forward
      // cache with the transaction open, and the store then answers no other page until it is evicted.
      store.transaction.commit();
      return promisifyRequest<void>(store.transaction);
    });
  }
}

let shared: IdbSessionStore | undefined;

/** The store every upload uses unless told otherwise; opened on first use. */
export function defaultSessionStore(): IdbSessionStore {
  shared ??= new IdbSessionStore();
  return shared;
}

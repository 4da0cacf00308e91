import type { SessionStore } from '../../../src/index.ts';
import type { StoredUpload } from '../../../src/storage/stored-upload.ts';

/**
 * Session records in a Map, for the page's life: a second, complete implementation of the store
 * interface, held to the same contract as the IndexedDB store. Records are copied in and out, as
 * IndexedDB's structured clone does, so a caller's later change to an object never reaches the store.
 */
export class MemorySessionStore implements SessionStore {
  readonly #records = new Map<string, StoredUpload>();

  async get(fingerprint: string): Promise<StoredUpload | undefined> {
    const record = this.#records.get(fingerprint);
    return record && structuredClone(record);
  }

  async set(record: StoredUpload): Promise<void> {
    this.#records.set(record.fingerprint, structuredClone(record));
  }

  async delete(fingerprint: string): Promise<void> {
    this.#records.delete(fingerprint);
  }

  async list(): Promise<StoredUpload[]> {
    return [...this.#records.values()].map((record) => structuredClone(record));
  }

  async clear(): Promise<void> {
    this.#records.clear();
  }
}

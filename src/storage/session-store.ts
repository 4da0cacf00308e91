import type { StoredUpload } from './stored-upload.ts';

/** Where session records live. The IndexedDB store is the default; tests and apps may bring their own. */
export interface SessionStore {
  get(fingerprint: string): Promise<StoredUpload | undefined>;
  set(record: StoredUpload): Promise<void>;
  delete(fingerprint: string): Promise<void>;
  list(): Promise<StoredUpload[]>;
  clear(): Promise<void>;
}

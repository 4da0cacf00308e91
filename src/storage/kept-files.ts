import { withTimeout } from './with-timeout.ts';
import type { SessionStore } from './session-store.ts';

/** What a record and a file have in common without reading the file: its size, date and name. */
const idOf = ({ size, lastModified = 0, name = '' }: { size: number; lastModified?: number; name?: string }) => `${size} ${lastModified} ${name}`;

/** Per store, the files it holds records of (listed once a page, and those this page writes since); undefined when it could not tell. */
const kept = new WeakMap<SessionStore, Promise<Set<string> | undefined>>();

function keptIn(store: SessionStore): Promise<Set<string> | undefined> {
  let ids = kept.get(store);
  // Records are input: a malformed one only costs the file that matches it a real lookup. A store
  // that throws, fails or never answers (a blocked database) cannot tell: then every file is looked up.
  ids ??= withTimeout(Promise.resolve().then(() => store.list()))
    .then((records) => new Set(records.map((record) => idOf(Object(record)))))
    .catch(() => undefined);
  kept.set(store, ids);
  return ids;
}

/**
 * Whether the store may hold a record of this file: a file of one request is fingerprinted and
 * looked up only then. A record another tab writes after this page listed them is not seen.
 */
export const mayHoldRecord = (store: SessionStore, file: Blob): Promise<boolean> => keptIn(store).then((ids) => !ids || ids.has(idOf(file)));

/** This page wrote a record of the file. */
export const recordWritten = (store: SessionStore, file: Blob): void => void keptIn(store).then((ids) => ids?.add(idOf(file)));

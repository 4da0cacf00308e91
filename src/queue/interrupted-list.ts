import type { SessionStore } from '../storage/session-store.ts';
import type { StoredUpload } from '../storage/stored-upload.ts';
import type { IncomingFile } from './item/upload-item.ts';
import { sameFile } from './same-file.ts';
import type { SessionStanding } from './session-standing.ts';
import {
  askSession,
  cancelSession,
  fileOfStoredUpload,
  forgetStoredUpload,
  isTrustedStoredSession,
  listStoredUploads,
  lockedFingerprints,
  takeUploadLock,
} from './stored-sessions.ts';

/** What the list of interrupted uploads reads from the queue; at the moment it is needed. */
export interface InterruptedSource {
  endpoint(): string;
  /** Where uploads keep their sessions: true for the engine's own (IndexedDB); false for none: nothing is listed. */
  store(): SessionStore | boolean;
  /** The files listed already: theirs are not interrupted, they are right there. */
  listed(): readonly File[];
  /** The records changed. */
  changed(): void;
}

/** One status query of a listed session, and its answer once it came. */
interface Ask {
  readonly sessionUri: string;
  standing?: SessionStanding;
}

/** A session that does not answer its status query by then is taken as unanswered. */
const ASK_TIMEOUT_MS = 10_000;

/**
 * A chunk of its own with the store's code, loaded when the queue first reads the store.
 *
 * The uploads of this endpoint that a reload, a crash or a closed tab interrupted, as the engine
 * kept them in the store (IndexedDB unless it was given another): listed so a person can resume
 * (from the kept file handle) or choose the file again; the engine's fingerprint then decides
 * whether the server's bytes count. Each listed session is asked where it stands (a status query):
 * the record's figure may be older than the server's (an answer lost, a tab closed mid-chunk).
 */
export class InterruptedList {
  readonly #source: InterruptedSource;
  #records: readonly StoredUpload[] = [];
  /** Records whose kept handle gave no file (gone, changed, permission refused): choose it again. */
  readonly #needsFile = new Set<string>();
  /** Records whose file is being read from its handle: a second click (a double-click) waits for the first. */
  readonly #opening = new Set<string>();
  /** Only the latest listing counts when the endpoint changes while one is read. */
  #generation = 0;
  /**
   * The latest ask of each listed file's session, by fingerprint: the session asked and, once it
   * answered, its answer. A record that names another session is asked anew; only the latest answers.
   */
  readonly #asks = new Map<string, Ask>();

  constructor(source: InterruptedSource) {
    this.#source = source;
  }

  get records(): readonly StoredUpload[] {
    return this.#records;
  }

  /** True when the file can be read from its kept handle; false means choose it again. */
  canResume(record: StoredUpload): boolean {
    return record.fileHandle !== undefined && !this.#needsFile.has(record.fingerprint);
  }

  /** Where the record's session stands: asked once when it is first listed (and again if the record names another session). */
  standingOf(record: StoredUpload): SessionStanding {
    const ask = this.#asks.get(record.fingerprint);
    return (ask?.sessionUri === record.sessionUri ? ask.standing : undefined) ?? 'asking';
  }

  /** Reads the records again (on connect, and when the endpoint or the store changes). */
  async refresh(): Promise<void> {
    const generation = ++this.#generation;
    const endpoint = this.#source.endpoint();
    const store = this.#source.store();
    let records: StoredUpload[] = [];
    if (endpoint && store) {
      try {
        const [stored, running] = await Promise.all([listStoredUploads(endpoint, store === true ? {} : { store }), lockedFingerprints()]);
        // A locked record is no interruption: a tab (maybe this one) is uploading it right now.
        records = stored.filter((record) => !running.has(record.fingerprint));
      } catch (error) {
        // No IndexedDB (private mode, blocked), or a store that failed: nothing to offer, and nothing breaks.
        console.warn('resumable-upload: the interrupted uploads could not be read from session storage.', error);
      }
    }
    if (generation !== this.#generation) return;
    const listed = records.length > 0 ? this.#source.listed() : [];
    this.#set(records.filter((record) => !listed.some((file) => sameFile(file, record))));
    for (const record of this.#records) void this.#ask(record, endpoint);
  }

  async #ask(record: StoredUpload, endpoint: string): Promise<void> {
    const { fingerprint, sessionUri } = record;
    if (this.#asks.get(fingerprint)?.sessionUri === sessionUri) return; // asked already, or being asked
    const ask: Ask = { sessionUri };
    this.#asks.set(fingerprint, ask);
    const standing = await askSession(record, endpoint, AbortSignal.timeout(ASK_TIMEOUT_MS));
    if (this.#asks.get(fingerprint) !== ask) return; // a later ask, of the session the record names now, answers instead
    ask.standing = standing;
    // A new list: the queue's snapshot changes with it. Read again meanwhile, the list holds other
    // objects for the same record: its row is found by fingerprint.
    if (this.#records.some((listed) => listed.fingerprint === fingerprint)) this.#set([...this.#records]);
  }

  /**
   * A file chosen again for an interrupted upload (the picker gives its name alone) gets back the
   * place in its folder that its record kept: its item, events and options see the same path.
   */
  withKeptPaths(files: readonly IncomingFile[]): IncomingFile[] {
    return files.map((entry) => ({
      ...entry, // its file handle too
      relativePath: (entry.relativePath === entry.file.name && this.#records.find((record) => sameFile(entry.file, record))?.relativePath) || entry.relativePath,
    }));
  }

  /** Files were added: an interrupted record gives way to its file's own item. */
  taken(files: readonly File[]): void {
    const left = this.#records.filter((record) => !files.some((file) => sameFile(file, record)));
    if (left.length !== this.#records.length) this.#set(left);
  }

  /**
   * The file from the kept handle (call it from a click: permission may be asked). Undefined means
   * choose it again, or that an earlier call is reading it already.
   */
  async fileOf(record: StoredUpload): Promise<File | undefined> {
    const { fingerprint } = record;
    if (this.#opening.has(fingerprint)) return undefined;
    this.#opening.add(fingerprint);
    try {
      const file = await fileOfStoredUpload(record);
      if (!file) {
        this.#needsFile.add(fingerprint);
        this.#source.changed();
      }
      return file;
    } finally {
      this.#opening.delete(fingerprint);
    }
  }

  /**
   * Forgets the record and cancels its session on the server. Under the upload's own lock, so a
   * tab that took the file up since the list was read keeps its session: then the record only goes.
   */
  async discard(record: StoredUpload): Promise<void> {
    this.#set(this.#records.filter((other) => other !== record));
    const store = this.#source.store();
    if (!store) return;
    const release = await takeUploadLock(record.fingerprint).catch(() => undefined);
    if (!release) return;
    try {
      await forgetStoredUpload(record.fingerprint, store === true ? undefined : store);
      // A record is input, not trust: its session is ended only on the endpoint's origin, as the engine would take it up.
      const endpoint = new URL(this.#source.endpoint(), location.href);
      if (isTrustedStoredSession(record.sessionUri, endpoint.href, new Set([endpoint.origin]))) void cancelSession(record.sessionUri, record.endpoint);
    } catch {
      // The record could not be deleted: it is listed again on the next refresh.
    } finally {
      release();
    }
  }

  #set(records: readonly StoredUpload[]): void {
    this.#records = records;
    this.#source.changed();
  }
}

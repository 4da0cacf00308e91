import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SessionStore } from '../../storage/session-store.ts';
import type { StoredUpload } from '../../storage/stored-upload.ts';
import type { IncomingFile } from '../../queue/item/upload-item.ts';
import type { InterruptedAction } from '../render/interrupted-row.ts';

/** The store's code, loaded when the list is first looked up: the element shows its button without it. */
const storedSessions = () => import('../../queue/stored-sessions.ts');

type RowModule = typeof import('../render/interrupted-row.ts');

/** What the element tells the list of interrupted uploads; read at the moment it is needed. */
export interface InterruptedSettings {
  endpoint(): string;
  /**
   * Where the element's uploads keep their sessions: true for the engine's own (IndexedDB);
   * undefined when they keep none (`store="false"`): nothing is listed.
   */
  store(): SessionStore | true | undefined;
  /** The files the element lists already: theirs are not interrupted, they are right there. */
  listed(): readonly File[];
  /** Choose again: opens the picker (from the click, while its activation lasts). */
  choose(): void;
  /** Resume: the file read from the record's kept handle, to add to the list with that handle. */
  resume(file: File, handle: FileSystemFileHandle | undefined): void;
}

/** The row match is for display only; whether the server's bytes count is the engine's fingerprint's call. */
export const sameFile = (file: File, record: StoredUpload): boolean =>
  file.name === record.name && file.size === record.size && file.lastModified === record.lastModified;

/**
 * The uploads of this endpoint that a reload, a crash or a closed tab interrupted, as the engine
 * kept them in the element's store (IndexedDB unless it was given another). The element lists them so a person can resume (from the kept file handle)
 * or choose the file again; the engine's fingerprint then decides whether the server's bytes count.
 */
export class InterruptedUploads implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #settings: InterruptedSettings;
  #records: StoredUpload[] = [];
  /** Records whose kept handle gave no file (gone, changed, permission refused): choose it again. */
  readonly #needsFile = new Set<string>();
  /** Records whose file is being read from its handle: a second click (a double-click) waits for the first. */
  readonly #opening = new Set<string>();
  /** Only the latest listing counts when the endpoint changes while one is read. */
  #generation = 0;
  #rows: RowModule | undefined;

  constructor(host: ReactiveControllerHost, settings: InterruptedSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  get records(): readonly StoredUpload[] {
    return this.#records;
  }

  /** Renders a record's row: loaded with the records, so it is there whenever one is listed. */
  get interruptedRow(): RowModule['interruptedRow'] | undefined {
    return this.#rows?.interruptedRow;
  }

  /** True when Resume can read the file from its kept handle; false means choose it again. */
  canResume(record: StoredUpload): boolean {
    return record.fileHandle !== undefined && !this.#needsFile.has(record.fingerprint);
  }

  hostConnected(): void {
    void this.refresh();
  }

  /** Reads the records again: on connect, and when the endpoint or `store` changes. */
  async refresh(): Promise<void> {
    const generation = ++this.#generation;
    const endpoint = this.#settings.endpoint();
    const store = this.#settings.store();
    let records: StoredUpload[] = [];
    if (endpoint && store) {
      try {
        const [{ listStoredUploads, lockedFingerprints }, rows] = await Promise.all([storedSessions(), import('../render/interrupted-row.ts')]);
        this.#rows = rows;
        const [stored, running] = await Promise.all([listStoredUploads(endpoint, store === true ? {} : { store }), lockedFingerprints()]);
        // A locked record is no interruption: a tab (maybe this one) is uploading it right now.
        records = stored.filter((record) => !running.has(record.fingerprint));
      } catch {
        // No IndexedDB (private mode, blocked), or a store that failed: nothing to offer, and nothing breaks.
      }
    }
    if (generation !== this.#generation) return;
    const listed = records.length > 0 ? this.#settings.listed() : [];
    this.#records = records.filter((record) => !listed.some((file) => sameFile(file, record)));
    this.#host.requestUpdate();
  }

  /**
   * A file chosen again for an interrupted row (the picker gives its name alone) gets back the place
   * in its folder that its record kept: its row, events and `metadata(file, item)` see the same path.
   */
  withKeptPaths(files: IncomingFile[]): IncomingFile[] {
    return files.map(({ file, relativePath }) => ({
      file,
      relativePath: (relativePath === file.name && this.#records.find((record) => sameFile(file, record))?.relativePath) || relativePath,
    }));
  }

  /** Files were added: an interrupted row gives way to its file's own row. */
  taken(files: readonly File[]): void {
    const before = this.#records.length;
    this.#records = this.#records.filter((record) => !files.some((file) => sameFile(file, record)));
    if (this.#records.length !== before) this.#host.requestUpdate();
  }

  /** The click listener of the interrupted list: its rows' Resume, Choose again and Discard. */
  onAction = async (event: Event): Promise<void> => {
    const button = (event.target as Element).closest<HTMLElement>('[data-interrupted-action]');
    const fingerprint = button?.closest('li')?.dataset.fingerprint;
    const record = this.#records.find((candidate) => candidate.fingerprint === fingerprint);
    if (!button || !record) return;
    const action = button.dataset.interruptedAction as InterruptedAction;
    if (action === 'discard') return this.discard(record);
    if (action === 'choose-again') return this.#settings.choose();
    const file = await this.fileOf(record);
    if (file) this.#settings.resume(file, record.fileHandle);
  };

  /**
   * The file from the kept handle (call from a click: permission may be asked). Undefined means
   * choose it again, or that an earlier click is reading it already.
   */
  async fileOf(record: StoredUpload): Promise<File | undefined> {
    const { fingerprint } = record;
    if (this.#opening.has(fingerprint)) return undefined;
    this.#opening.add(fingerprint);
    try {
      const { fileOfStoredUpload } = await storedSessions();
      const file = await fileOfStoredUpload(record);
      if (!file) {
        this.#needsFile.add(fingerprint);
        this.#host.requestUpdate();
      }
      return file;
    } finally {
      this.#opening.delete(fingerprint);
    }
  }

  /**
   * Forgets the record and cancels its session on the server. Under the upload's own lock, so a
   * tab that took the file up since the list was read keeps its session: then the row only goes.
   */
  async discard(record: StoredUpload): Promise<void> {
    this.#records = this.#records.filter((other) => other !== record);
    this.#host.requestUpdate();
    const store = this.#settings.store();
    if (!store) return;
    const { takeUploadLock, forgetStoredUpload, cancelSession, isTrustedStoredSession } = await storedSessions();
    const release = await takeUploadLock(record.fingerprint).catch(() => undefined);
    if (!release) return;
    try {
      await forgetStoredUpload(record.fingerprint, store === true ? undefined : store);
      // A record is input, not trust: its session is ended only on the endpoint's origin, as the engine would take it up.
      const endpoint = new URL(this.#settings.endpoint(), location.href);
      if (isTrustedStoredSession(record.sessionUri, endpoint.href, new Set([endpoint.origin]))) void cancelSession(record.sessionUri, record.endpoint);
    } catch {
      // The record could not be deleted: it is listed again on the next connect.
    } finally {
      release();
    }
  }
}

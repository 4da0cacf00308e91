import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fileOfStoredUpload } from '../../storage/stored-file.ts';
import type { StoredUpload } from '../../storage/stored-upload.ts';
import { forgetStoredUpload, listStoredUploads } from '../../storage/stored-uploads.ts';

/**
 * The uploads of this endpoint that a reload, a crash or a closed tab interrupted, as the engine
 * kept them in IndexedDB. The element lists them so a person can resume (from the kept file handle)
 * or choose the file again; the engine's fingerprint then decides whether the server's bytes count.
 */
export class InterruptedUploads implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #endpoint: () => string;
  #records: StoredUpload[] = [];
  /** Records whose kept handle gave no file (gone, changed, permission refused): choose it again. */
  readonly #needsFile = new Set<string>();
  /** Only the latest listing counts when the endpoint changes while one is read. */
  #generation = 0;

  constructor(host: ReactiveControllerHost, endpoint: () => string) {
    this.#host = host;
    this.#endpoint = endpoint;
    host.addController(this);
  }

  get records(): readonly StoredUpload[] {
    return this.#records;
  }

  /** True when Resume can read the file from its kept handle; false means choose it again. */
  canResume(record: StoredUpload): boolean {
    return record.fileHandle !== undefined && !this.#needsFile.has(record.fingerprint);
  }

  hostConnected(): void {
    void this.refresh();
  }

  /** Reads the records again: on connect and when the endpoint changes. */
  async refresh(): Promise<void> {
    const generation = ++this.#generation;
    const endpoint = this.#endpoint();
    let records: StoredUpload[] = [];
    try {
      records = endpoint ? await listStoredUploads(endpoint) : [];
    } catch {
      // No IndexedDB (private mode, blocked): nothing to offer, and nothing breaks.
    }
    if (generation !== this.#generation) return;
    this.#records = records;
    this.#host.requestUpdate();
  }

  /** A file was chosen or dropped: its interrupted row gives way to the file's own row. */
  taken(files: readonly File[]): void {
    const before = this.#records.length;
    this.#records = this.#records.filter(
      (record) => !files.some((file) => file.name === record.name && file.size === record.size && file.lastModified === record.lastModified),
    );
    if (this.#records.length !== before) this.#host.requestUpdate();
  }

  /** The file from the kept handle (call from a click: permission may be asked); undefined means choose it again. */
  async fileOf(record: StoredUpload): Promise<File | undefined> {
    const file = await fileOfStoredUpload(record);
    if (!file) {
      this.#needsFile.add(record.fingerprint);
      this.#host.requestUpdate();
    }
    return file;
  }

  /** Forgets the record; the session on the server is left to expire. */
  async discard(record: StoredUpload): Promise<void> {
    this.#records = this.#records.filter((other) => other !== record);
    this.#host.requestUpdate();
    await forgetStoredUpload(record.fingerprint).catch(() => undefined);
  }
}

import { RetryableFailure } from '../errors/retryable-failure.ts';
import { isUploadError } from '../errors/upload-error.ts';
import { isTrustedStoredSession } from '../security/origin-policy.ts';
import { fingerprint, sha256Hex, type UploadRequest } from './fingerprint.ts';
import { FINGERPRINT_EDGE } from '../utils/sizes.ts';
import type { SessionStore } from './session-store.ts';
import { withTimeout } from './with-timeout.ts';
import type { PrefixChecksums } from './prefix-checksums.ts';
import { isRelativePath, isStale, isStoredUpload, type HeldChecksum, type StoredUpload } from './stored-upload.ts';

/** What of an upload's options its record keeps and checks (the upload's normalized options fit). */
export interface PersistenceOptions extends UploadRequest {
  /** The origins this upload trusts: a stored session URI must be on one of them. */
  credentialOrigins: ReadonlySet<string>;
  /** `fixed`: the chunk size given, if any. */
  chunks: { fixed: number | undefined };
  maxStoredAgeMs: number;
  fileHandle: FileSystemFileHandle | undefined;
  relativePath: string | undefined;
  /** The `background` option: its hand-off sends at most `maxBytes` at once. */
  background?: { maxBytes: number } | undefined;
  /** A read of the file unanswered this long is `'file-unreadable'` (the fingerprint's, the checksums'). */
  stallTimeoutMs?: number;
}

/** The endpoint as kept on disk: its origin and path, without the query (where tokens, keys and signatures travel), fragment or user info. */
export const endpointWithoutQuery = (endpoint: string): string => {
  const url = new URL(endpoint);
  return `${url.origin}${url.pathname}`;
};

/** Stores already said to fail: each is said once, however many uploads it fails. */
const warned = new WeakSet<SessionStore>();

/** Storage that fails (private mode, quota, a blocked database) costs persistence, never the upload. */
function degrade(store: SessionStore, error: unknown): undefined {
  if (!warned.has(store)) {
    warned.add(store);
    console.warn('resumable-upload: session storage failed, so uploads will not survive a reload.', error);
  }
  return undefined;
}

/** Keeps one upload's session record in step with the upload: found at start, saved on progress, removed at the end. */
export class SessionPersistence {
  #key: Promise<string> | undefined;
  #record: StoredUpload | undefined;
  #writes: Promise<unknown> = Promise.resolve();
  #broken = false;
  #forgotten = false;
  /** The store refused a record holding the file handle once: records go without it from then on. */
  #handleRefused = false;
  #sums: Promise<PrefixChecksums> | undefined;

  constructor(
    private readonly store: SessionStore,
    private readonly file: Blob,
    private readonly options: PersistenceOptions,
  ) {}

  /** The fingerprint of the file and its upload's request (its record's key). */
  key(): Promise<string> {
    this.#key ??= fingerprint(this.file, this.options, this.options.stallTimeoutMs);
    return this.#key;
  }

  /** Reads the stored record as it is, unchecked: `find` checks it. */
  read(): Promise<unknown> {
    return this.key().then((key) => withTimeout(this.store.get(key)));
  }

  /**
   * A stored session for this file and request that is young enough to try. A record that fails
   * any check (shape, numbers, its session URI's scheme and origin) is deleted: a new session starts.
   * `read` is a read started earlier (see `read`), or one starts now.
   */
  async find(read: Promise<unknown> = this.read()): Promise<StoredUpload | undefined> {
    try {
      const key = await this.key();
      const record = await read;
      if (record === undefined) return undefined;
      const { endpoint, credentialOrigins, maxStoredAgeMs } = this.options;
      if (
        !isStoredUpload(record) ||
        record.fingerprint !== key ||
        record.size !== this.file.size ||
        !isTrustedStoredSession(record.sessionUri, endpoint, credentialOrigins) ||
        isStale(record, maxStoredAgeMs)
      ) {
        await this.store.delete(key);
        return undefined;
      }
      this.#record = record;
      return record;
    } catch (error) {
      this.#broken = true;
      return degrade(this.store, error);
    }
  }

  /**
   * Whether the first `held` bytes of the found record's session (all of them if it finished) are
   * this file's, as the record's checksums say: asked (once `find` found it) before anything more is
   * sent to it. When not (another version of the file, or a record that cannot tell), the record is deleted.
   */
  async holds(held: number): Promise<boolean> {
    const record = this.#record!;
    const kept = await (await this.#checksums()).verified(held, record.checksums);
    if (kept) this.#record = { ...record, checksums: kept };
    else void this.discard();
    return !!kept;
  }

  /**
   * Bytes [from, to) are about to go to the session: records first the checksum of each length it
   * may then hold, so that a reload can tell whether they are the file it is given. Settles once
   * written, or given up (storage is best effort).
   */
  sending(sessionUri: string, from: number, to: number): Promise<void> | undefined {
    // A file the fingerprint hashes whole needs none (and a thousand small files no write each).
    if (this.file.size <= 2 * FINGERPRINT_EDGE) return;
    // Once the rest fits a hand-off, a closing tab may send it all without a word more to the store.
    const { background } = this.options;
    const through = background && this.file.size - to <= background.maxBytes ? this.file.size : to;
    const summed = this.#checksums().then((sums) => sums.between(from, to, through));
    // A record without them resumes nothing it cannot check.
    const saved = this.save(sessionUri, from, summed.catch(() => undefined));
    // A file that stopped answering ends the upload here; any other failed read is the send's to report.
    const unreadable = summed.then(
      () => {},
      (error: unknown) => {
        if (isUploadError(error) && error.code === 'file-unreadable') throw error;
      },
    );
    return Promise.all([saved, unreadable]).then(() => {});
  }

  /** Loaded with its code on first use: only persisted resumable uploads need it. */
  #checksums(): Promise<PrefixChecksums> {
    return (this.#sums ??= import('./prefix-checksums.ts').then(
      ({ PrefixChecksums }) => new PrefixChecksums(this.file, this.options.stallTimeoutMs),
      (cause: unknown) => {
        this.#sums = undefined; // retried like a request that got no answer, and loaded afresh then
        throw new RetryableFailure('the upload code (its checksums) could not be loaded', undefined, undefined, undefined, { cause });
      },
    ));
  }

  /** Records the session and what it holds; writes are queued so an older one never lands last. */
  save(sessionUri: string, bytesCommitted: number, checksums?: Promise<HeldChecksum[] | undefined>): Promise<void> {
    if (this.#forgotten) return Promise.resolve();
    return this.#write(async () => {
      const now = Date.now();
      const { name = '', lastModified = 0 } = this.file as Partial<File>;
      const previous = this.#record?.sessionUri === sessionUri ? this.#record : undefined;
      const { endpoint, relativePath } = this.options;
      this.#record = {
        version: 2,
        fingerprint: await this.key(),
        sessionUri,
        endpoint: endpoint && endpointWithoutQuery(endpoint),
        endpointHash: endpoint && (await sha256Hex(endpoint)),
        name,
        size: this.file.size,
        type: this.file.type,
        lastModified,
        chunkSize: this.options.chunks.fixed,
        bytesCommitted,
        // Facts about this file: kept while the session is the same.
        checksums: (await checksums) ?? previous?.checksums,
        createdAt: previous?.createdAt ?? now,
        updatedAt: now,
        metadata: this.options.metadata,
        fileHandle: this.#handleRefused ? undefined : (this.options.fileHandle ?? this.#record?.fileHandle),
        // Only what reads back as valid: a path the record check would refuse would cost the whole record.
        relativePath: isRelativePath(relativePath, name) ? relativePath : this.#record?.relativePath,
      };
      try {
        await this.store.set(this.#record);
      } catch (error) {
        // Some stores cannot clone a handle (WebKit's private and ephemeral ones refuse files): the
        // session is still worth keeping, and the file is asked for again after a reload.
        if (this.#record.fileHandle === undefined) throw error;
        this.#handleRefused = true;
        this.#record = { ...this.#record, fileHandle: undefined };
        await this.store.set(this.#record);
      }
    }, checksums);
  }

  /** The upload finished or was cancelled: nothing of it stays behind, and nothing is saved after. */
  forget(): Promise<void> {
    this.#forgotten = true;
    return this.discard();
  }

  /** The session is not to be taken up again (it broke the protocol): its record goes; a new session's may follow. */
  discard(): Promise<void> {
    this.#record = undefined;
    return this.#write(async () => this.store.delete(await this.key()));
  }

  /** Settles when every write queued so far has landed (or failed: storage is best effort). */
  flushed(): Promise<void> {
    return this.#writes.then(() => {});
  }

  /** Queues `operation` (in the order called) after `ready`, which the storage timeout does not count. */
  #write(operation: () => Promise<void>, ready?: Promise<unknown>): Promise<void> {
    const next = this.#writes.then(async () => {
      await ready;
      if (this.#broken) return;
      try {
        await withTimeout(operation());
      } catch (error) {
        this.#broken = true;
        degrade(this.store, error);
      }
    });
    this.#writes = next;
    return next;
  }
}

import type { UploadOptions } from '../../engine/options.ts';
import type { UploadStateChangeDetail, UploadProgressDetail } from '../../engine/events.ts';
import { isActive } from '../../engine/state.ts';
import type { Upload } from '../../engine/upload.ts';
import { isUploadError } from '../../errors/upload-error.ts';
import type { UploadResult } from '../../protocol/final-result.ts';
import type { RejectReason, Rejection } from '../validation/check-file.ts';
import { canMoveItem, type ItemStatus } from './item-status.ts';
import { SpeedMeter } from './speed-meter.ts';
import { loadEngine } from './load-engine.ts';

/** What an item needs from the list that holds it. */
export interface ItemHost {
  /** The `Upload` options for this file (the list's settings and the page's own). */
  optionsFor(item: UploadItem): Promise<UploadOptions>;
  /** The upload was started (first time or after a failure). */
  started(item: UploadItem): void;
  progressed(item: UploadItem): void;
  /** The browser sent more of a chunk the server has not confirmed yet, or lost such bytes (`bytesSent`). */
  sent(item: UploadItem): void;
  changed(item: UploadItem, previous: ItemStatus): void;
  removed(item: UploadItem): void;
  /** The first rule of the list (`accept`, the sizes) that `file` breaks in `item`'s place; undefined when it may go. */
  rejectionOf(item: UploadItem, file: File): Rejection | undefined;
}

let lastId = 0;

/** A file on its way into the list, with its place in the folder it came with. */
export interface IncomingFile {
  file: File;
  /** See `UploadItem.relativePath`. */
  relativePath: string;
  /** The file's handle, kept with its session so that a reload needs no new choice of file. */
  fileHandle?: FileSystemFileHandle | undefined;
}

/**
 * One file of an `UploadQueue` or a `<resumable-upload>` list: its `Upload` (made when it starts),
 * its status, and the actions its buttons call. Get them from `queue.items`, `element.items` or from
 * any `upload-*` event's detail.
 */
export class UploadItem {
  /** Unique within the page. */
  readonly id = `upload-${++lastId}`;
  /** The file to upload: the one added, or the one `replaceFile()` put in its place (an edited image). */
  readonly file: File;
  /**
   * Where the file sits in the folder it came with, the folder's name first (`photos/2024/a.jpg`),
   * when a folder was dropped or chosen (`directory`); else the file's name.
   */
  readonly relativePath: string;
  /** The file's handle, when it came with one (an interrupted upload resumed from its kept handle). */
  readonly fileHandle: FileSystemFileHandle | undefined;
  /** Why the file was not added, when `status` is `'rejected'`. */
  readonly rejection: RejectReason | undefined;
  /** The limit the file was checked against, to say why it was rejected: bytes, or a count for `'max-files'`. */
  readonly rejectionLimit: number | undefined;
  /** With `'cancelled-by-app'`: the page's own words from `upload-add`, if it gave some. */
  readonly rejectionMessage: string | undefined;
  /**
   * Details a person gave for this file, by field id: the element's `metaFields` fill it, and send
   * what it holds when the upload starts, in the file's metadata (see docs/metadata.md).
   */
  meta: Record<string, string> = {};
  readonly #host: ItemHost;
  readonly #speed = new SpeedMeter();
  #status: ItemStatus;
  #upload: Upload | undefined;
  #bytesSent = 0;
  #preparing = false;
  #retryAt: number | undefined;
  #result: UploadResult | undefined;
  #error: Error | undefined;

  constructor({ file, relativePath, fileHandle }: IncomingFile, host: ItemHost, rejection?: Rejection) {
    this.file = file;
    this.relativePath = relativePath;
    this.fileHandle = fileHandle;
    this.#host = host;
    this.#status = rejection ? 'rejected' : 'ready';
    this.rejection = rejection?.reason;
    this.rejectionLimit = rejection?.limit;
    this.rejectionMessage = rejection?.message;
  }

  get status(): ItemStatus {
    return this.#status;
  }

  /** The engine's upload, from the moment the item starts. */
  get upload(): Upload | undefined {
    return this.#upload;
  }

  /** Bytes the browser has sent while uploading: those confirmed and the chunk on its way (a lighter layer under the bar). */
  get bytesSent(): number {
    return this.#status === 'uploading' ? Math.max(this.#bytesSent, this.bytesCommitted) : this.bytesCommitted;
  }

  get bytesCommitted(): number {
    return this.#upload?.bytesCommitted ?? 0;
  }

  /** The server's final answer, once `done`. */
  get result(): UploadResult | undefined {
    return this.#result;
  }

  /** What went wrong, while `failed`: usually an `UploadError` (see its `code`). */
  get error(): Error | undefined {
    return this.#error;
  }

  /** While `retrying`: when the next attempt starts, on the `performance.now()` clock. */
  get retryAt(): number | undefined {
    return this.#status === 'retrying' ? this.#retryAt : undefined;
  }

  /** Smoothed bytes per second while uploading. */
  get bytesPerSecond(): number | undefined {
    return this.#status === 'uploading' ? this.#speed.bytesPerSecond : undefined;
  }

  /** Estimated seconds left while uploading. */
  get secondsLeft(): number | undefined {
    return this.#status === 'uploading' ? this.#speed.secondsFor(this.file.size - this.bytesCommitted) : undefined;
  }

  /** Queues a `ready` item (added with `auto="false"`). */
  start(): void {
    if (this.#status === 'ready') this.#move('queued');
  }

  /** Stops sending; the place it held goes to the next file. */
  pause(): void {
    const engine = this.#upload?.state;
    if (engine && isActive(engine)) this.#upload!.pause();
    else if (this.#status === 'queued' || this.#status === 'starting') this.#move('paused');
  }

  /** Queues a paused item again; it goes on from the server's offset when its turn comes. */
  resume(): void {
    if (this.#status === 'paused') this.#move('queued');
  }

  /** Queues a failed item again; it continues the same session. */
  retry(): void {
    if (this.#status === 'failed') this.#move('queued');
  }

  /** Cancels for good: the engine aborts, forgets the session and ends it on the server. */
  cancel(): void {
    // The engine may be done a moment before start()'s promise says so: then it is not cancelled.
    if (this.#status === 'done' || this.#status === 'rejected' || this.#upload?.state === 'done') return;
    this.#upload?.abort({ terminate: true });
    this.#move('cancelled');
  }

  /**
   * Puts another file in this one's place (an edited image), while `ready`, `paused` or `failed`: a
   * session begun is ended for good (`upload.abort({ terminate: true })`: its stored record is
   * forgotten, the server's session deleted), and the new file uploads from its first byte. A failed
   * item is queued again; a ready or paused one stays so. No `upload-cancel`: the row is not cancelled.
   * A file the list's rules refuse (`accept`, the sizes) makes the item `'rejected'` with its reason,
   * as a chosen file would be (`upload-reject`).
   */
  replaceFile(file: File): void {
    const status = this.#status;
    if (!['ready', 'paused', 'failed'].includes(status)) throw new Error(`Cannot replace the file of a ${status} item`);
    const rejection = this.#host.rejectionOf(this, file);
    const upload = this.#upload;
    this.#upload = undefined; // first: the old upload's events and the end of its promise are no longer heard
    upload?.abort({ terminate: true });
    // Read-only outside: only this changes them. The kept handle was the old file's.
    const self = this as { file: File; fileHandle: FileSystemFileHandle | undefined; rejection?: RejectReason; rejectionLimit?: number };
    self.file = file;
    self.fileHandle = undefined;
    this.#bytesSent = 0;
    if (rejection) {
      self.rejection = rejection.reason;
      self.rejectionLimit = rejection.limit;
      return this.#move('rejected');
    }
    // A file replaced while its upload is prepared: `run()` makes its options again, for this file.
    status === 'failed' ? this.#move('queued') : this.#host.changed(this, status);
  }

  /** Takes the item off the list, cancelling it first if it is not finished. */
  remove(): void {
    this.cancel();
    this.#host.removed(this);
  }

  /** Called by the list when a queued item cannot be let go (its `hold` threw): it fails with `error`; `retry()` queues it again. */
  fail(error: Error): void {
    if (this.#status === 'queued') this.#fail(error);
  }

  /** Called by the list when the item gets a place: prepares, creates and starts (or resumes) the upload. */
  async run(): Promise<void> {
    this.#move('starting');
    if (this.#preparing) return; // the preparation under way goes on when it finishes
    if (!this.#upload) {
      this.#preparing = true;
      try {
        let file: File, Engine, options;
        // A file replaced while its options were made (an edit saved meanwhile) gets options of its own; a refused one, none.
        do [Engine, options] = await Promise.all([loadEngine(), this.#host.optionsFor(((file = this.file), this))]);
        while (file !== this.file && this.#status !== 'rejected');
        const upload = new Engine(file, options);
        if (this.#status === 'cancelled' || this.#status === 'rejected') return;
        this.#attach(upload);
      } catch (error) {
        if (this.#status === 'starting') this.#fail(error);
        return;
      } finally {
        this.#preparing = false;
      }
      if (this.#status !== 'starting') return; // paused while preparing: `run()` comes again on resume
    }
    const upload = this.#upload!;
    if (upload.state === 'paused') return upload.resume();
    this.#speed.anchor(upload.bytesCommitted, performance.now());
    const result = upload.start();
    this.#host.started(this);
    result.then(
      (value) => {
        if (this.#upload !== upload) return;
        this.#result = value;
        this.#move('done');
      },
      (error: unknown) => this.#upload === upload && (isUploadError(error) && error.code === 'aborted' ? this.#move('cancelled') : this.#fail(error)),
    );
  }

  #attach(upload: Upload): void {
    this.#upload = upload;
    // Only its own upload is heard: one whose file was replaced ends unheard.
    const own = () => this.#upload === upload;
    upload.addEventListener('statechange', (event) => own() && this.#onState(event.detail));
    upload.addEventListener('progress', (event) => own() && this.#onProgress(event.detail));
    upload.addEventListener('sent', ({ detail }) => {
      if (!own()) return;
      this.#bytesSent = detail.bytesSent;
      this.#host.sent(this);
    });
  }

  #onState({ state, retryInMs }: UploadStateChangeDetail): void {
    if (state === 'retrying') this.#retryAt = retryInMs === undefined ? undefined : performance.now() + retryInMs;
    if (state === 'uploading') this.#speed.anchor(this.bytesCommitted, performance.now());
    if (state === 'aborted') this.#move('cancelled');
    // 'done' and 'error' wait for start()'s promise, which carries the result or the error.
    else if (state !== 'done' && state !== 'error' && state !== 'idle') this.#move(state);
  }

  #onProgress({ bytesCommitted, bytesSent }: UploadProgressDetail): void {
    this.#bytesSent = bytesSent;
    this.#speed.sample(bytesCommitted, performance.now());
    this.#host.progressed(this);
  }

  #fail(error: unknown): void {
    if (this.#status === 'cancelled') return; // cancelled while preparing or stopping: not a failure
    this.#error = error instanceof Error ? error : new Error(String(error));
    this.#move('failed');
  }

  /** The one place the status changes. */
  #move(status: ItemStatus): void {
    const previous = this.#status;
    if (status === previous) {
      if (status === 'retrying') this.#host.changed(this, previous); // a new countdown to show
      return;
    }
    if (!canMoveItem(previous, status)) throw new Error(`Upload item cannot move from '${previous}' to '${status}'`);
    this.#status = status;
    if (status !== 'failed') this.#error = undefined;
    this.#host.changed(this, previous);
  }
}

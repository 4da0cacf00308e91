import { UploadError } from '../errors/upload-error.ts';
import { askAgain } from './ask-again.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import type { FileDigests } from '../integrity/digests.ts';
import { cancelSession } from '../protocol/cancel-session.ts';
import type { UploadEventMap, UploadProgressDetail, UploadStateChangeDetail } from './events.ts';
import { normalizeOptions, type NormalizedOptions } from './normalize-options.ts';
import type { UploadOptions } from './options.ts';
import { ResumableTransfer } from './resumable-transfer.ts';
import { storedSession, type StoredSession } from './stored-session.ts';
import { afterCommand, canMove, isActive, type UploadCommand, type UploadState } from './state.ts';
import type { Transfer, TransferHost } from './transfer.ts';
import { lazySingleRequest } from './lazy-single-request.ts';
import { abortedError, notLoaded, STOP, untilAborted } from './stops.ts';
import { guardUnload } from './unload-guard.ts';
import type { BackgroundHost } from '../background/background-host.ts';

/** The options of `abort()`: `terminate` also ends the session on the server (a `DELETE` on its URI). */
export interface AbortOptions {
  /** Also end the session on the server (`DELETE` on its URI), for an upload that is cancelled, not merely stopped. @default false */
  terminate?: boolean;
}

/**
 * One file on its way to the server.
 *
 * @example
 * const upload = new Upload(file, { endpoint: '/upload/drive/v3/files', metadata: { name: file.name } });
 * upload.addEventListener('progress', (e) => console.log(e.detail.bytesCommitted, e.detail.bytesTotal));
 * const { status, body } = await upload.start();
 *
 * @fires progress - `{ bytesCommitted, bytesSent, bytesTotal }` whenever the server confirms more bytes.
 * @fires sent - `{ bytesCommitted, bytesSent, bytesTotal }` as the browser sends a chunk the server has not
 * confirmed yet, and when such bytes are lost (a pause, a failure): a lighter layer under the progress bar.
 * @fires statechange - `{ state, previous, retryInMs? }` on every change of `state`.
 */
export class Upload extends EventTarget {
  readonly file: Blob;
  readonly #options: NormalizedOptions;
  readonly #transfer: Transfer;
  readonly #resumable: ResumableTransfer | undefined;
  readonly #stored: StoredSession;
  #state: UploadState = 'idle';
  #bytesCommitted = 0;
  #bytesSent = 0;
  #progressReported = false;
  #run: AbortController | undefined;
  #running: Promise<UploadResult> | undefined;
  /** Settles when a paused upload is resumed (or aborted); made at pause time so no resume is missed. */
  #resumed: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** Lives until `abort()`; pauses do not stop the checksum worker. */
  readonly #lifetime = new AbortController();
  #digests: Promise<FileDigests> | undefined;
  #verifier: Promise<typeof import('../integrity/verify-result.ts')> | undefined;
  /** The server's final answer, kept until it is verified (see `#drive`). */
  #delivered: UploadResult | undefined;
  /** While the browser sends the rest in the background (the `background` option): settles when that request ends. */
  #background: Promise<void> | undefined;
  #backgroundWatched = false;

  /** Throws `UploadError` with code `'invalid-option'` when an option is wrong. */
  constructor(file: Blob, options: UploadOptions) {
    super();
    const normalized = (this.#options = normalizeOptions(file, options));
    const { signal } = normalized;
    this.file = file;
    this.#stored = storedSession(file, normalized);
    this.#transfer = normalized.uploadType === 'resumable' ? (this.#resumable = new ResumableTransfer(this.#host())) : lazySingleRequest(this.#host());
    if (signal?.aborted) this.abort();
    else signal?.addEventListener('abort', () => this.abort(), { once: true });
  }

  /** Where the upload stands; see `UploadState`. */
  get state(): UploadState {
    return this.#state;
  }

  /** Bytes the server has confirmed. Never decreases. */
  get bytesCommitted(): number {
    return this.#bytesCommitted;
  }

  /** The file's size in bytes. */
  get bytesTotal(): number {
    return this.file.size;
  }

  /** The resumable session URI, once there is one (none after the session broke the protocol): keep it to resume later with the `sessionUri` option. */
  get sessionUri(): string | undefined {
    return this.#resumable?.sessionUri;
  }

  /** Which protocol the upload uses, after `'auto'` was resolved. */
  get uploadType(): 'resumable' | 'media' | 'multipart' {
    return this.#options.uploadType;
  }

  /**
   * Starts (or, after an error, continues) the upload. Resolves with the server's final answer;
   * rejects with `UploadError`. Calling it while the upload runs returns the same promise.
   */
  start(): Promise<UploadResult> {
    if (this.#obey('start')) this.#running = this.#drive();
    else if (this.#isAborted()) return Promise.reject(abortedError());
    // Running, paused or done: the same promise.
    return this.#running!;
  }

  /** Stops sending now (the request in flight is cancelled); `resume()` goes on from the server's offset. */
  pause(): void {
    if (!this.#obey('pause')) return;
    this.#resumed = new Promise((wake) => (this.#wake = wake));
    this.#run?.abort(STOP);
  }

  /** Continues a paused upload: it asks the server where it stands, then goes on. */
  resume(): void {
    if (this.#obey('resume')) this.#wake?.();
  }

  /**
   * Cancels the upload for good: the request in flight is cancelled (with `background`, also one the
   * browser runs), the stored session forgotten, and `start()` rejects with code `'aborted'`. Nothing more is sent, unless `terminate` asks to end
   * the session on the server too: one `DELETE` on the session URI (a server that does not support
   * it lets the session expire; its answer is not waited for).
   */
  abort({ terminate = false }: AbortOptions = {}): void {
    if (!this.#obey('abort')) return;
    this.#run?.abort(STOP);
    this.#lifetime.abort(STOP);
    this.#wake?.();
    void this.#stored.record?.forget();
    this.#stored.unlock();
    const { sessionUri } = this;
    if (terminate && sessionUri) void cancelSession(sessionUri, this.#options.context.endpoint, this.#options.context.http);
  }

  async #drive(): Promise<UploadResult> {
    try {
      if (this.#options.verify) {
        if (!this.#digests) {
          this.#digests = this.#digest();
          this.#digests.catch(() => {}); // awaited only after the transfer; a failed upload must not leave it unhandled
        }
        // Loaded before anything is sent: an upload must not go out with a check that cannot run after it.
        this.#verifier ??= import('../integrity/verify-result.ts').catch((cause: unknown) => {
          this.#verifier = undefined;
          return notLoaded('verify')(cause);
        });
        await this.#verifier;
      }
      await this.#restore();
      for (;;) {
        // A pause that came while nothing was in flight (during the restore) holds here.
        if (this.#state === 'paused') await this.#resumed;
        if (this.#isAborted()) throw abortedError();
        // A background request owns the session until it ends; then the session's status says where it stands.
        if (this.#background) {
          await untilAborted(this.#background, this.#lifetime.signal);
          continue;
        }
        const run = new AbortController();
        this.#run = run;
        try {
          // Once the server answered, start() again only checks that answer again: the file is never sent twice.
          let result = (this.#delivered ??= await this.#transfer.run(run.signal));
          if (this.#digests) {
            const { verified } = await this.#verifier!;
            result = await verified(result, await this.#digests, askAgain(this.#options.context, result, run.signal), () => this.#mismatch());
          }
          this.#report(this.file.size);
          await this.#stored.record?.forget();
          this.#setState('done');
          return result;
        } catch (error) {
          if (!run.signal.aborted) throw error;
          await this.#resumed;
          if (this.#isAborted()) throw abortedError();
        }
      }
    } catch (error) {
      if (this.#state !== 'aborted') this.#setState('error');
      await this.#stored.failed(error, this.#isAborted() ? undefined : this.sessionUri, this.#bytesCommitted);
      throw error;
    } finally {
      this.#run = undefined;
      this.#resumed = this.#wake = undefined;
      this.#stored.unlock();
    }
  }

  /**
   * Claims the file for this tab and, the first time, picks up a session kept by an earlier page
   * (see `StoredSession`); with `background`, watches for the page being hidden from then on.
   */
  async #restore(): Promise<void> {
    const adopted = await this.#stored.restore(async (key) => {
      if (this.#options.background && !this.#backgroundWatched) {
        const { watchBackground } = await import('../background/hand-off-on-hide.ts').catch(notLoaded('background'));
        this.#backgroundWatched = true;
        const watched = await watchBackground(this.#backgroundHost(key));
        this.#resumable!.handOff = watched?.handOff;
        // A job of an earlier page may have finished the upload: the service worker kept the server's answer.
        this.#delivered ??= watched?.finished;
      }
      return !this.#isAborted();
    });
    if (adopted) this.#resumable?.adopt(adopted);
  }

  /** Read afresh: `abort()` may have run while the caller awaited. */
  #isAborted(): boolean {
    return this.#state === 'aborted';
  }

  /** Moves as the state table says the command does here; false when it changes nothing. */
  #obey(command: UploadCommand): boolean {
    const next = afterCommand(this.#state, command);
    if (next) this.#setState(next);
    return next !== undefined;
  }

  async #digest(): Promise<FileDigests> {
    try {
      const { digestInWorker } = await import('../integrity/digest-in-worker.ts');
      return await digestInWorker(this.file, this.#lifetime.signal);
    } catch (cause) {
      if (this.#lifetime.signal.aborted) throw cause;
      this.#digests = undefined; // start() again computes them afresh
      throw new UploadError('integrity', 'The file\'s checksum could not be computed, so the upload cannot be verified.', { cause });
    }
  }

  /** The server's checksums differ from the file's: its object is not this file, so the next try uploads anew. */
  #mismatch(): void {
    this.#delivered = undefined;
    this.#resumable?.restart();
    void this.#stored.record?.discard();
  }

  /** What the lazily loaded hand-off (src/background) may see and do; see `BackgroundHost`. */
  #backgroundHost(fingerprint: string): BackgroundHost {
    return {
      file: this.file,
      options: this.#options,
      fingerprint,
      lifetime: this.#lifetime.signal,
      sessionUri: () => this.sessionUri,
      restStart: () => this.#resumable?.inFlightEnd ?? this.#bytesCommitted,
      running: () => isActive(this.#state),
      ended: () => this.#state === 'done' || this.#state === 'aborted',
      handOff: (until) => {
        // The service worker's word on how the request ended: the server's final answer is the result.
        const held = (this.#background = until.then(
          (result) => void (this.#delivered ??= result),
          () => {},
        ));
        void held.then(() => {
          if (this.#background === held) this.#background = undefined;
        });
        // The background request may finish the session: its status is asked, as for a session started elsewhere.
        this.#resumable?.adopt();
        this.#run?.abort(STOP);
      },
      accepted: () => {
        this.#resumable?.handedOff(); // a 404/410 after it is 'outcome-unknown': its request may have finished the session
        if (this.#background && isActive(this.#state)) this.#setState('background');
      },
    };
  }

  #host(): TransferHost {
    const live = () => this.#run !== undefined && !this.#run.signal.aborted;
    return {
      options: this.#options,
      phase: (state, retryInMs) => live() && this.#setState(state, retryInMs),
      sent: (bytes) => live() && bytes > this.#bytesSent && this.#reportSent(bytes),
      committed: (bytes) => {
        if (!live()) return;
        const { sessionUri } = this;
        if (sessionUri && bytes < this.file.size) void this.#stored.record?.save(sessionUri, bytes);
        this.#report(bytes);
      },
      session: async (uri) => {
        if (live()) await this.#stored.record?.save(uri, 0);
      },
      // Called once a session exists (started or adopted).
      sending: (start, end) => this.#stored.record?.sending(this.sessionUri!, start, end),
      holds: (held) => this.#stored.holds(held, this.sessionUri!),
    };
  }

  #report(bytes: number): void {
    if (bytes < this.#bytesCommitted || (bytes === this.#bytesCommitted && this.#progressReported)) return;
    this.#bytesCommitted = this.#bytesSent = bytes;
    this.#progressReported = true;
    this.#tell('progress');
  }

  /** The bytes in flight moved: up as the browser sends a chunk, back to the confirmed count when it is lost. */
  #reportSent(bytes: number): void {
    this.#bytesSent = bytes;
    this.#tell('sent');
  }

  #tell(type: 'progress' | 'sent'): void {
    const detail: UploadProgressDetail = { bytesCommitted: this.#bytesCommitted, bytesSent: this.#bytesSent, bytesTotal: this.file.size };
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  #setState(state: UploadState, retryInMs?: number): void {
    const previous = this.#state;
    if (state === previous && retryInMs === undefined) return;
    if (!canMove(previous, state)) throw new Error(`Upload cannot move from '${previous}' to '${state}'`);
    this.#state = state;
    // Bytes in flight when a chunk is lost or paused are no longer on their way.
    if (state !== 'uploading' && this.#bytesSent > this.#bytesCommitted) this.#reportSent(this.#bytesCommitted);
    if (this.#options.warnBeforeUnload) guardUnload(this, state);
    const detail: UploadStateChangeDetail = retryInMs === undefined ? { state, previous } : { state, previous, retryInMs };
    this.dispatchEvent(new CustomEvent('statechange', { detail }));
  }
}

// Typed listeners: `upload.addEventListener('progress', (e) => e.detail.bytesCommitted)`.
export interface Upload {
  addEventListener<K extends keyof UploadEventMap>(
    type: K,
    listener: (this: Upload, event: UploadEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof UploadEventMap>(
    type: K,
    listener: (this: Upload, event: UploadEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

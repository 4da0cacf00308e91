import type { UploadContext } from '../protocol/context.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import type { SessionStore } from '../storage/session-store.ts';

/** What the hand-off reads of the upload's options (the engine's normalised options fit). */
export interface HandOffOptions {
  /** The caller's headers (copied into the request with `background.headers`), and the origins that may see them. */
  readonly context: Pick<UploadContext, 'headers' | 'credentialOrigins'>;
  /** The `background` option with its defaults; undefined when it is off. */
  readonly background: { readonly maxBytes: number; readonly headers: boolean } | undefined;
  /** Where the service worker writes how a job ended, beside the upload's record. */
  readonly store: SessionStore | undefined;
  /** A read of the file unanswered this long is `'file-unreadable'`. */
  readonly stallTimeoutMs: number;
}

/** What the background hand-off may see of an upload and ask of it; kept small so the engine stays the one writer. */
export interface BackgroundHost {
  readonly file: Blob;
  readonly options: HandOffOptions;
  /** The upload's record key: the job is named after it, and the service worker finds the record by it. */
  readonly fingerprint: string;
  /** Aborts when the upload is cancelled (`abort()`; pauses do not): the browser's request is stopped then too. */
  readonly lifetime: AbortSignal;
  sessionUri(): string | undefined;
  /**
   * Where a closing page's rest starts: the end of the chunk in flight, if one is (its bytes may all
   * have reached the server), else what the server confirmed.
   */
  restStart(): number;
  /** True while the upload is under way (not paused: a person's pause holds in the background too). */
  running(): boolean;
  /** True once the upload is done or aborted: nothing will ever be handed off. */
  ended(): boolean;
  /**
   * Stops the foreground now (the request in flight is cancelled) and keeps it stopped until
   * `until` settles: with the server's final answer, which the service worker kept, the upload is
   * done; without, it asks the session where it stands and goes on or finishes.
   */
  handOff(until: Promise<UploadResult | undefined>): void;
  /** The browser took the request: the upload is `'background'` until the hand-off's `until` settles. */
  accepted(): void;
}

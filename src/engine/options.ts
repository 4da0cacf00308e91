// The options as users write them (`new Upload(file, options)`): their types and JSDoc, from which
// docs/engine.md's options table is generated. Defaults and checks: normalize-options.ts.
import type { SessionStore } from '../storage/session-store.ts';
import type { HttpClient } from '../transport/http-client.ts';

/** How the bytes go: a resumable session, one `media` or `multipart` request, or `auto` (one request for small files where that is safe). */
export type UploadType = 'resumable' | 'media' | 'multipart' | 'auto';
/** Headers for every request: an object, or a function (may be async) called before each request, for fresh tokens. */
export type HeadersOption =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** The backoff for `5xx`, `408`, `429` and lost connections (the `retry` option). */
export interface RetryOptions {
  /** Waits before giving up with `'network'`. @default 5 */
  retries: number;
  /** The first wait; each next one doubles, plus up to this much random jitter. @default 1000 */
  baseDelayMs: number;
  /**
   * No computed wait (2^n × base plus jitter) is longer than this. No wait of any kind is longer than
   * 2147483647 (about 24.8 days, the longest a browser's timer waits). @default 60000
   */
  maxDelayMs: number;
  /**
   * A server's `Retry-After` is honoured up to this long, beyond `maxDelayMs`: a quota server that
   * says "come back in 5 minutes" is waited for instead of burning the retries. As `maxDelayMs`, held
   * to 2147483647. @default 600000 (10 minutes)
   */
  maxRetryAfterMs: number;
}

/** The options of `new Upload(file, options)`; each is described in docs/engine.md. */
export interface UploadOptions {
  /**
   * The media endpoint (the resource URI with the `/upload` prefix), e.g.
   * `https://www.googleapis.com/upload/drive/v3/files`. Required unless `sessionUri` is given.
   */
  endpoint?: string;
  /**
   * `'resumable'`: a session, chunks, resumes after failures. `'media'`: the bytes in one request, no metadata.
   * `'multipart'`: metadata and bytes in one request. `'auto'`: media or multipart below `autoThreshold`
   * when that request is `idempotent`, else resumable (a session creates exactly one object, however
   * often an answer is lost).
   * @default 'resumable'
   */
  uploadType?: UploadType;
  /** JSON metadata of the resource, e.g. `{ name: 'report.pdf' }`; sent with the session start or as part 1. */
  metadata?: Record<string, unknown>;
  /**
   * How the upload starts (the session start, or the single request): `'POST'` creates a resource
   * (final `201`); `'PUT'` updates an existing one (final `200`); `'PATCH'` updates one as Drive's
   * `files.update` does (`/upload/drive/v3/files/{fileId}`, final `200`). @default 'POST'
   */
  method?: 'POST' | 'PUT' | 'PATCH';
  /**
   * A `media` or `multipart` request may be sent again after its answer was lost (a dropped
   * connection, a stall, `500`/`502`/`504`) without making a second object: it updates (`PUT`,
   * `PATCH`), or a precondition makes it fail once the object exists (Cloud Storage's
   * `ifGenerationMatch=0` in the endpoint). Otherwise such a request is not sent again and
   * `start()` rejects with `'outcome-unknown'`; `408`, `429` and `503` (nothing was done) are
   * retried either way. Also lets `'auto'` send one request, and a resumable upload start a new
   * session when its session is gone after its last bytes lost their answer. See docs/exactly-once.md.
   * @default true for `PUT`, `PATCH` and an endpoint with `ifGenerationMatch`; false otherwise
   * @example { uploadType: 'media', endpoint: `${bucketUpload}?name=a.jpg&ifGenerationMatch=0` } // idempotent: detected
   */
  idempotent?: boolean;
  /** Media type of the bytes. @default file.type || 'application/octet-stream' */
  contentType?: string;
  /**
   * Headers for every request, e.g. `Authorization`. A function is called before each request,
   * so a token can be refreshed while a long upload runs. Values are Latin-1 text without control
   * characters, as HTTP allows them (encode anything else); others fail with `'invalid-option'`.
   */
  headers?: HeadersOption;
  /** A session started elsewhere (your backend, a signed URL): the upload asks it where it stands and goes on. */
  sessionUri?: string;
  /**
   * A fixed number of bytes per request of a resumable upload, a multiple of 262144 (256 KiB).
   * Without it, chunks adapt to the connection: see `chunkTargetMs`.
   */
  chunkSize?: number;
  /**
   * Adaptive chunks last at least about this long; on links with long round trips they last longer,
   * so the round trips spent waiting stay under 1 % of the upload. @default 3000
   */
  chunkTargetMs?: number;
  /** The smallest adaptive chunk, and the first. A multiple of 262144. @default 262144 */
  minChunkSize?: number;
  /**
   * The largest adaptive chunk; also the most a failure can make us resend. A multiple of 262144.
   * Behind a proxy that limits request bodies (Cloudflare: 100 MB), set it below that limit.
   * @default 134217728 (128 MiB)
   */
  maxChunkSize?: number;
  /**
   * The backoff for `5xx`, `408`, `429` and lost connections (its fields below, in `RetryOptions`).
   * The count starts again whenever the server confirms bytes it never confirmed before, so faults
   * spread over hours do not add up, and a server that confirms the same bytes over and over still
   * runs out of retries.
   */
  retry?: Partial<RetryOptions>;
  /** Size in bytes below which `'auto'` sends one request instead of a session, when that request is `idempotent`. @default 5242880 (5 MiB) */
  autoThreshold?: number;
  /**
   * Every request is watched: one that sends no byte and gets no answer for this long (a session
   * start, a status query and a cancel have no bytes to send) is cancelled, and so is one whose
   * answer's body does not arrive in full within as long of its headers. It counts as a network
   * failure: retried, and the upload then asks the session where it stands and goes on. A read of the
   * file that does not answer for as long (a disk gone in a way that hangs) fails with
   * `'file-unreadable'`. A value above 2147483647 (about 24.8 days, the longest a browser's timer
   * waits; a longer one fires at once) counts as 2147483647. @default 30000
   */
  stallTimeoutMs?: number;
  /**
   * Other origins that may receive `headers`, e.g. a storage host your backend's session URIs point to.
   * By default only the endpoint's origin sees them; without an endpoint, a given session URI's
   * when it is the page's own origin (a session your backend started on a storage host is its own credential).
   */
  credentialOrigins?: string[];
  /**
   * Compute the file's MD5 and CRC-32C in a Worker while it uploads, and compare them with the
   * `md5Hash`/`crc32c` of the final response (as Cloud Storage sends them) or its `md5Checksum` (as
   * Drive does); a mismatch fails with `'integrity'`, and so does a final answer with nothing to
   * compare (asked for once more from the session first): `start()` resolves only verified
   * (`result.verified` is `true`).
   * @default false
   */
  verify?: boolean;
  /**
   * Keep the session in IndexedDB so the upload survives a reload or a closed tab: a new `Upload` of
   * the same file to the same endpoint asks the stored session where it stands and goes on.
   * `false` turns it off; a `SessionStore` replaces IndexedDB. Resumable uploads only. A file that
   * fits in its first chunk (without `sessionUri` or `background`) is stored only once it fails: on
   * its way it writes nothing and takes no Web Lock, and is looked up only when the store (listed
   * once a page) holds a record of its name, size and date (a new session is as quick as a resumed
   * one; a lost answer is asked of this page's session). @default true
   */
  store?: boolean | SessionStore;
  /** Stored sessions older than this are discarded (servers expire them within a week). @default 604800000 (7 days) */
  maxStoredAgeMs?: number;
  /** The file's handle (File System Access API), kept with the session so a reload needs no new choice of file (`fileOfStoredUpload` gives the file back). */
  fileHandle?: FileSystemFileHandle;
  /**
   * Where the file sits in a folder it came from (`photos/2024/a.jpg`), kept with the session so
   * `listStoredUploads` gives it back after a reload. Neither sent nor part of the fingerprint; kept
   * only when it is a string that ends with the file's name, of at most 4096 characters, no control
   * characters nor bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and only
   * folder names (no leading `/`, no empty, `.` or `..` folder; another value is left out of the
   * record, which stays).
   */
  relativePath?: string;
  /** Ask the person to confirm leaving the page while bytes are in flight. @default false */
  warnBeforeUnload?: boolean;
  /** Aborts the upload, like `abort()`. */
  signal?: AbortSignal;
  /**
   * Let the browser finish the upload after the page is hidden or closed, where it can (Chromium's
   * Background Fetch, with a service worker that imports `resumable-upload/service-worker`): the
   * rest of the file goes as one request from the bytes the server confirmed. Elsewhere nothing
   * changes. A browser that has not taken the request within `stallTimeoutMs` (it reads the rest
   * of the file first, and such a read may hang) is not waited for: the page sends the rest itself.
   * `true`, or `BackgroundOptions`. Resumable uploads only. See docs/recovery.md#finishing-after-the-tab-is-closed.
   * @default false
   */
  background?: boolean | BackgroundOptions;
  /**
   * Sends every request of the upload instead of the built-in client (fetch for control requests,
   * XHR for bytes, each given up after `stallTimeoutMs` without progress): for a scripted
   * conversation in tests, a proxy, or another runtime's HTTP. It resolves with an `HttpResponse`
   * for any status (the whole body read as text) and rejects with the request's `signal.reason`
   * once that aborts; any other rejection counts as a lost connection (retried). It watches its own
   * requests for stalls. See docs/engine.md#your-own-http-client.
   */
  httpClient?: HttpClient;
}

/** The `background` option as an object: the largest rest handed to the browser, and whether `headers` go with it. */
export interface BackgroundOptions {
  /**
   * The most bytes handed to the browser: Chromium copies the request body into memory, so a
   * larger rest stays in the page (and resumes on the next visit). @default 268435456 (256 MiB)
   */
  maxBytes?: number;
  /**
   * Copy `headers` into the handed-off request, which runs after the page can no longer refresh
   * them; only when the session URI is on one of the upload's credential origins. @default false
   */
  headers?: boolean;
}


import { UploadError } from '../errors/upload-error.ts';
import type { UploadContext } from '../protocol/context.ts';
import type { ChunkSizing } from './chunk-sizer.ts';
import { defaultSessionStore } from '../storage/idb-session-store.ts';
import type { SessionStore } from '../storage/session-store.ts';
import { SESSION_LIFETIME_MS } from '../storage/stored-upload.ts';
import { defaultClient } from '../transport/default-client.ts';
import { DEFAULT_STALL_TIMEOUT_MS } from '../transport/http-client.ts';
import { credentialOrigins, isAcceptableSessionUri, isHttpOrigin } from '../security/origin-policy.ts';
import { CHUNK_QUANTUM } from '../utils/sizes.ts';
import { MAX_TIMER_MS } from '../utils/sleep.ts';

const UPLOAD_TYPES: readonly string[] = ['resumable', 'media', 'multipart', 'auto'];
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

/** Options after defaults and validation: what the engine works with, and the protocol steps' context. */
export interface NormalizedOptions extends UploadContext {
  uploadType: 'resumable' | 'media' | 'multipart';
  /** A single request may be sent again after a lost answer without making a second object. */
  idempotent: boolean;
  /** True when `headers` is a function, so calling it again may bring a fresh token. */
  refreshableHeaders: boolean;
  sessionUri: string | undefined;
  chunks: ChunkSizing;
  retry: RetryOptions;
  verify: boolean;
  store: SessionStore | undefined;
  maxStoredAgeMs: number;
  fileHandle: FileSystemFileHandle | undefined;
  relativePath: string | undefined;
  warnBeforeUnload: boolean;
  signal: AbortSignal | undefined;
  background: Required<BackgroundOptions> | undefined;
  /** Also bounds each read of the file: one unanswered this long is `'file-unreadable'`. */
  stallTimeoutMs: number;
}

export const DEFAULT_MIN_CHUNK_SIZE = CHUNK_QUANTUM;
export const DEFAULT_MAX_CHUNK_SIZE = 512 * CHUNK_QUANTUM;
export const DEFAULT_CHUNK_TARGET_MS = 3000;
export const DEFAULT_AUTO_THRESHOLD = 5 * 1024 * 1024;
export const DEFAULT_MAX_STORED_AGE_MS = SESSION_LIFETIME_MS;
export const DEFAULT_BACKGROUND_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_RETRY: RetryOptions = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000, maxRetryAfterMs: 600_000 };

function invalid(message: string): UploadError {
  return new UploadError('invalid-option', message);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkUrl(name: string, value: unknown): URL | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(`\`${name}\` must be a non-empty URL string.`);
  try {
    return new URL(value, globalThis.location?.href);
  } catch {
    throw invalid(`\`${name}\` is not a valid URL: "${value}".`);
  }
}

function checkCount(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`\`${name}\` must be a whole number ≥ 0, got ${String(value)}.`);
  }
  return value;
}

function checkChunk(name: string, value: unknown, fallback: number): number {
  const size = checkCount(name, value, fallback);
  if (size === 0 || size % CHUNK_QUANTUM !== 0) {
    throw invalid(
      `\`${name}\` must be a positive multiple of ${CHUNK_QUANTUM} bytes (256 KiB), got ${size}; ` +
        `for example ${Math.max(1, Math.round(size / CHUNK_QUANTUM)) * CHUNK_QUANTUM}.`,
    );
  }
  return size;
}

function checkStore(store: unknown): SessionStore | undefined {
  if (store === undefined || store === true) return defaultSessionStore();
  if (store === false) return undefined;
  const candidate = store as Partial<SessionStore>;
  if (['get', 'set', 'delete', 'list', 'clear'].every((name) => typeof candidate[name as keyof SessionStore] === 'function')) {
    return store as SessionStore;
  }
  throw invalid('`store` must be true, false, or an object with get, set, delete, list and clear.');
}

function checkBackground(value: unknown): Required<BackgroundOptions> | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { maxBytes: DEFAULT_BACKGROUND_MAX_BYTES, headers: false };
  if (!isPlainObject(value)) throw invalid('`background` must be true, false or an object such as { maxBytes: 268435456 }.');
  return { maxBytes: checkCount('background.maxBytes', value.maxBytes, DEFAULT_BACKGROUND_MAX_BYTES), headers: value.headers === true };
}

/**
 * What HTTP allows in a header value (RFC 9110's field-value): Latin-1 text without control characters
 * but tab. A browser refuses NUL, CR, LF and anything beyond Latin-1; servers refuse the other controls.
 */
const isHeaderValue = (value: unknown): value is string => typeof value === 'string' && !/[^\t\x20-\x7e\x80-\xff]/.test(value);
const isHeaderName = (name: string): boolean => /^[!#$%&'*+.^_`|~\w-]+$/.test(name);

/** Headers a browser can send, or an `'invalid-option'` error naming the bad one (`source`: where they came from). */
function checkHeaders(headers: unknown, source: string): Record<string, string> {
  if (!isPlainObject(headers)) throw invalid(`${source} must be an object of header names to values.`);
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name) || !isHeaderValue(value)) {
      throw invalid(`${source} has a header that cannot be sent: "${name.slice(0, 99)}" (its value must be Latin-1 text without control characters).`);
    }
  }
  return headers as Record<string, string>;
}

function normalizeHeaders(headers: unknown): () => Promise<Record<string, string>> {
  if (headers === undefined) return async () => ({});
  if (typeof headers === 'function') {
    return async () => {
      let value: unknown;
      try {
        value = await headers();
      } catch (cause) {
        throw new UploadError('invalid-option', 'The `headers` function failed, so no request could be authorised.', { cause });
      }
      return checkHeaders(value, 'What the `headers` function returned');
    };
  }
  if (typeof headers !== 'object') throw invalid('`headers` must be an object or a function returning one.');
  const checked = checkHeaders(headers, '`headers`');
  return async () => checked;
}

/**
 * Sending the request twice makes no second object: it updates one (`PUT`, `PATCH`), or Cloud
 * Storage's precondition refuses the second copy (`ifGenerationMatch`, with `412`).
 */
function isIdempotent(method: string, endpoint: URL | undefined): boolean {
  return method !== 'POST' || endpoint?.searchParams.has('ifGenerationMatch') === true;
}

/** Fills in every default and rejects bad options with an `'invalid-option'` error, once, at construction. */
export function normalizeOptions(file: unknown, options: UploadOptions): NormalizedOptions {
  if (!(file instanceof Blob)) throw invalid('The first argument must be a Blob or a File.');
  if (!isPlainObject(options as unknown)) throw invalid('The second argument must be an options object.');

  const endpointUrl = checkUrl('endpoint', options.endpoint);
  const sessionUrl = checkUrl('sessionUri', options.sessionUri);
  const endpoint = endpointUrl?.href;
  const sessionUri = sessionUrl?.href;
  if (sessionUrl && !isAcceptableSessionUri(sessionUrl, endpointUrl)) {
    throw invalid(`\`sessionUri\` must be https: (or http: on localhost) with no user:password@, got "${sessionUrl.href}".`);
  }
  const extraOrigins = options.credentialOrigins ?? [];
  if (!Array.isArray(extraOrigins) || !extraOrigins.every(isHttpOrigin)) {
    throw invalid('`credentialOrigins` must be an array of origins with their scheme, such as "https://storage.example.com".');
  }
  // Held to what a timer holds (more fires it at once), as the retries' waits are.
  const stallTimeoutMs = Math.min(checkCount('stallTimeoutMs', options.stallTimeoutMs, DEFAULT_STALL_TIMEOUT_MS), MAX_TIMER_MS);
  if (stallTimeoutMs === 0) throw invalid('`stallTimeoutMs` must be above 0.');
  const metadata = options.metadata;
  if (metadata !== undefined && !isPlainObject(metadata)) throw invalid('`metadata` must be a plain object.');
  try {
    JSON.stringify(metadata);
  } catch (cause) {
    // A BigInt or a cycle: it is sent as JSON, so it must be JSON.
    throw new UploadError('invalid-option', `\`metadata\` cannot be sent as JSON: ${(cause as Error).message}`, { cause });
  }

  const requested: UploadType = options.uploadType ?? 'resumable';
  if (!UPLOAD_TYPES.includes(requested)) {
    throw invalid(`\`uploadType\` must be 'resumable', 'media', 'multipart' or 'auto', got "${String(requested)}".`);
  }
  const autoThreshold = checkCount('autoThreshold', options.autoThreshold, DEFAULT_AUTO_THRESHOLD);
  const method = options.method ?? 'POST';
  if (!['POST', 'PUT', 'PATCH'].includes(method)) throw invalid(`\`method\` must be 'POST', 'PUT' or 'PATCH', got "${String(method)}".`);
  const idempotent = options.idempotent ?? isIdempotent(method, endpointUrl);
  if (typeof idempotent !== 'boolean') throw invalid('`idempotent` must be true or false.');
  // A request that creates is sent once; 'auto' gives it a session, which makes exactly one object.
  const uploadType =
    requested !== 'auto'
      ? requested
      : sessionUri === undefined && file.size < autoThreshold && idempotent
        ? metadata
          ? 'multipart'
          : 'media'
        : 'resumable';
  if (uploadType === 'media' && metadata) {
    throw invalid("A 'media' upload cannot carry `metadata`; use 'multipart' or 'resumable'.");
  }
  if (uploadType === 'resumable' ? !endpoint && !sessionUri : !endpoint) {
    throw invalid(
      uploadType === 'resumable'
        ? 'Give an `endpoint` (the media upload URL) or a `sessionUri` (a session started elsewhere).'
        : `A '${uploadType}' upload needs an \`endpoint\`.`,
    );
  }

  const chunks: ChunkSizing = {
    fixed: options.chunkSize === undefined ? undefined : checkChunk('chunkSize', options.chunkSize, 0),
    min: checkChunk('minChunkSize', options.minChunkSize, DEFAULT_MIN_CHUNK_SIZE),
    max: checkChunk('maxChunkSize', options.maxChunkSize, DEFAULT_MAX_CHUNK_SIZE),
    targetMs: checkCount('chunkTargetMs', options.chunkTargetMs, DEFAULT_CHUNK_TARGET_MS),
  };
  if (chunks.min > chunks.max) throw invalid('`minChunkSize` must not be above `maxChunkSize`.');
  if (chunks.targetMs === 0) throw invalid('`chunkTargetMs` must be above 0.');

  if (options.retry !== undefined && !isPlainObject(options.retry)) throw invalid('`retry` must be an object.');
  const retry: RetryOptions = {
    retries: checkCount('retry.retries', options.retry?.retries, DEFAULT_RETRY.retries),
    baseDelayMs: checkCount('retry.baseDelayMs', options.retry?.baseDelayMs, DEFAULT_RETRY.baseDelayMs),
    maxDelayMs: checkCount('retry.maxDelayMs', options.retry?.maxDelayMs, DEFAULT_RETRY.maxDelayMs),
    maxRetryAfterMs: checkCount('retry.maxRetryAfterMs', options.retry?.maxRetryAfterMs, DEFAULT_RETRY.maxRetryAfterMs),
  };

  const contentType = options.contentType ?? (file.type || 'application/octet-stream');
  if (contentType === '' || !isHeaderValue(contentType)) throw invalid('`contentType` must be Latin-1 text without control characters.');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw invalid('`signal` must be an AbortSignal.');
  }

  return {
    file,
    endpoint,
    uploadType,
    idempotent,
    metadata,
    method,
    contentType,
    headers: normalizeHeaders(options.headers),
    refreshableHeaders: typeof options.headers === 'function',
    credentialOrigins: credentialOrigins(endpointUrl, sessionUrl, extraOrigins),
    sessionUri,
    chunks,
    retry,
    verify: options.verify === true,
    store: uploadType === 'resumable' ? checkStore(options.store) : undefined,
    maxStoredAgeMs: checkCount('maxStoredAgeMs', options.maxStoredAgeMs, DEFAULT_MAX_STORED_AGE_MS),
    fileHandle: options.fileHandle,
    relativePath: options.relativePath,
    warnBeforeUnload: options.warnBeforeUnload === true,
    signal: options.signal,
    background: uploadType === 'resumable' ? checkBackground(options.background) : undefined,
    http: defaultClient(stallTimeoutMs),
    stallTimeoutMs,
  };
}

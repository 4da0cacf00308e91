import { UploadError } from '../errors/upload-error.ts';
import type { UploadContext } from '../protocol/context.ts';
import { credentialOrigins, isAcceptableSessionUri, isHttpOrigin } from '../security/origin-policy.ts';
import type { SessionStore } from '../storage/session-store.ts';
import { DEFAULT_STALL_TIMEOUT_MS } from '../transport/http-client.ts';
import { MAX_TIMER_MS } from '../utils/sleep.ts';
import { httpClientOf, storeOf } from './adapters.ts';
import type { ChunkSizing } from './chunk-sizer.ts';
import { isHeaderValue, normalizeHeaders } from './header-option.ts';
import { checkChunk, checkCount, checkUrl, invalid, isPlainObject } from './option-checks.ts';
import {
  DEFAULT_AUTO_THRESHOLD,
  DEFAULT_BACKGROUND_MAX_BYTES,
  DEFAULT_CHUNK_TARGET_MS,
  DEFAULT_MAX_CHUNK_SIZE,
  DEFAULT_MAX_STORED_AGE_MS,
  DEFAULT_MIN_CHUNK_SIZE,
  DEFAULT_RETRY,
} from './option-defaults.ts';
import type { BackgroundOptions, RetryOptions, UploadOptions, UploadType } from './options.ts';

const UPLOAD_TYPES: readonly string[] = ['resumable', 'media', 'multipart', 'auto'];

/** The options after defaults and checks, once, at construction: what the engine works with. */
export interface NormalizedOptions {
  /** What the protocol steps need to build their requests, and nothing else. */
  context: UploadContext;
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

function checkBackground(value: unknown): Required<BackgroundOptions> | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { maxBytes: DEFAULT_BACKGROUND_MAX_BYTES, headers: false };
  if (!isPlainObject(value)) throw invalid('`background` must be true, false or an object such as { maxBytes: 268435456 }.');
  return { maxBytes: checkCount('background.maxBytes', value.maxBytes, DEFAULT_BACKGROUND_MAX_BYTES), headers: value.headers === true };
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
    context: {
      file,
      endpoint,
      metadata,
      method,
      contentType,
      headers: normalizeHeaders(options.headers),
      credentialOrigins: credentialOrigins(endpointUrl, sessionUrl, extraOrigins),
      http: httpClientOf(options.httpClient, stallTimeoutMs),
    },
    uploadType,
    idempotent,
    refreshableHeaders: typeof options.headers === 'function',
    sessionUri,
    chunks,
    retry,
    verify: options.verify === true,
    store: uploadType === 'resumable' ? storeOf(options.store) : undefined,
    maxStoredAgeMs: checkCount('maxStoredAgeMs', options.maxStoredAgeMs, DEFAULT_MAX_STORED_AGE_MS),
    fileHandle: options.fileHandle,
    relativePath: options.relativePath,
    warnBeforeUnload: options.warnBeforeUnload === true,
    signal: options.signal,
    background: uploadType === 'resumable' ? checkBackground(options.background) : undefined,
    stallTimeoutMs,
  };
}

import { SESSION_LIFETIME_MS } from '../storage/stored-upload.ts';
import { CHUNK_QUANTUM } from '../utils/sizes.ts';
import type { RetryOptions } from './options.ts';

// The defaults of the options that have numbers; each is also written as `@default` in options.ts.
export const DEFAULT_MIN_CHUNK_SIZE = CHUNK_QUANTUM;
export const DEFAULT_MAX_CHUNK_SIZE = 512 * CHUNK_QUANTUM;
export const DEFAULT_CHUNK_TARGET_MS = 3000;
export const DEFAULT_AUTO_THRESHOLD = 5 * 1024 * 1024;
export const DEFAULT_MAX_STORED_AGE_MS = SESSION_LIFETIME_MS;
export const DEFAULT_BACKGROUND_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_RETRY: RetryOptions = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000, maxRetryAfterMs: 600_000 };

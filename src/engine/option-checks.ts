import { UploadError } from '../errors/upload-error.ts';
import { CHUNK_QUANTUM } from '../utils/sizes.ts';

/** The error of a bad option: its message names the option. */
export function invalid(message: string): UploadError {
  return new UploadError('invalid-option', message);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkUrl(name: string, value: unknown): URL | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(`\`${name}\` must be a non-empty URL string.`);
  try {
    return new URL(value, globalThis.location?.href);
  } catch {
    throw invalid(`\`${name}\` is not a valid URL: "${value}".`);
  }
}

export function checkCount(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`\`${name}\` must be a whole number ≥ 0, got ${String(value)}.`);
  }
  return value;
}

export function checkChunk(name: string, value: unknown, fallback: number): number {
  const size = checkCount(name, value, fallback);
  if (size === 0 || size % CHUNK_QUANTUM !== 0) {
    throw invalid(
      `\`${name}\` must be a positive multiple of ${CHUNK_QUANTUM} bytes (256 KiB), got ${size}; ` +
        `for example ${Math.max(1, Math.round(size / CHUNK_QUANTUM)) * CHUNK_QUANTUM}.`,
    );
  }
  return size;
}

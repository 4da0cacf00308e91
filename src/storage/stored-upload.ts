/** Google's sessions last a week; a record older than that names a session the server has dropped. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A record not updated within `maxAgeMs`: its session is taken as gone and the record discarded. */
export const isStale = (record: StoredUpload, maxAgeMs: number, now = Date.now()): boolean => now - record.updatedAt > maxAgeMs;

import { CHUNK_QUANTUM } from '../utils/sizes.ts';

/**
 * What is kept of an interrupted upload so it can go on after a reload. Never a token or header:
 * the endpoint is kept without its query (where tokens, API keys and signatures travel).
 */
export interface StoredUpload {
  /** Records of another shape (version 1 kept the endpoint's query) are ignored and removed rather than trusted. */
  version: 2;
  /** The file and its upload's request (endpoint, metadata, method, content type), hashed: the record's key. */
  fingerprint: string;
  sessionUri: string;
  /** The endpoint without its query and fragment. */
  endpoint: string | undefined;
  /** SHA-256 (hex) of the whole endpoint, query included: what `listStoredUploads(endpoint)` compares. */
  endpointHash: string | undefined;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** The fixed chunk size used, if one was given. */
  chunkSize: number | undefined;
  /** What the server had confirmed when last heard from. */
  bytesCommitted: number;
  /**
   * The CRC-32C of the file's first `length` bytes, for each length the session may hold (from
   * `bytesCommitted` to the end of the chunk in flight): a resumed upload goes on only if the file
   * given then has the same first bytes as the session holds. Absent in records of earlier versions,
   * whose sessions are continued only if they hold nothing yet.
   */
  checksums?: HeldChecksum[];
  createdAt: number;
  updatedAt: number;
  metadata: Record<string, unknown> | undefined;
  /** Where the browser allows: the file itself, so a reload needs no new choice of file. */
  fileHandle: FileSystemFileHandle | undefined;
  /** Where the file sat in a folder it came with (`photos/2024/a.jpg`), when its upload was given `relativePath`. */
  relativePath?: string | undefined;
}

/** `[length, crc32c]`: the CRC-32C of a file's first `length` bytes. */
export type HeldChecksum = [length: number, crc32c: number];

/** Clocks drift a little; a record dated further ahead was not written by this browser's engine. */
const CLOCK_SKEW_MS = 60 * 60 * 1000;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isString = (value: unknown): value is string => typeof value === 'string';
const isHash = (value: unknown): value is string => isString(value) && /^[0-9a-f]{64}$/.test(value);

/** The longest `relativePath` kept: a whole path as Linux allows it (PATH_MAX). */
const MAX_PATH_LENGTH = 4096;

/**
 * A folder path a record may keep and a page may show: bounded, without control characters or bidi
 * controls (embeddings, overrides, isolates and marks, which make `invoice\u202Efdp.exe` read as
 * `invoiceexe.pdf`), and ending with the file's own name, so a crafted record cannot label one file
 * as another. Its folders are names, as a browser gives them (no root, no empty, `.` or `..` one):
 * the page's `metadata(file, item)` may build a path on the server from it.
 */
export const isRelativePath = (value: unknown, name: string): value is string =>
  isString(value) &&
  value.length <= MAX_PATH_LENGTH &&
  !/[\p{Cc}\p{Bidi_C}]/u.test(value) &&
  (value === name || value.endsWith(`/${name}`)) &&
  value.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/**
 * Checks a record read back from storage, shape and numbers: another version, another app, a corrupt
 * write or a crafted database is not trusted. (Its session URI is checked against the upload's
 * origins where it is used: `isTrustedStoredSession`.)
 */
export function isStoredUpload(value: unknown, now = Date.now()): value is StoredUpload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const { size, bytesCommitted, chunkSize, createdAt, updatedAt } = record;
  return (
    record.version === 2 &&
    isHash(record.fingerprint) &&
    isString(record.sessionUri) &&
    (record.endpoint === undefined ? record.endpointHash === undefined : isString(record.endpoint) && isHash(record.endpointHash)) &&
    isString(record.name) &&
    isCount(size) &&
    isString(record.type) &&
    Number.isSafeInteger(record.lastModified) &&
    (chunkSize === undefined || (isCount(chunkSize) && chunkSize > 0 && chunkSize % CHUNK_QUANTUM === 0)) &&
    isCount(bytesCommitted) &&
    bytesCommitted <= size &&
    isCount(createdAt) &&
    isCount(updatedAt) &&
    createdAt <= updatedAt &&
    updatedAt <= now + CLOCK_SKEW_MS &&
    (record.metadata === undefined || (typeof record.metadata === 'object' && record.metadata !== null && !Array.isArray(record.metadata))) &&
    (record.relativePath === undefined || isRelativePath(record.relativePath, record.name))
  );
}

/** Google's sessions last a week; a record older than that names a session the server has dropped. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A record not updated within `maxAgeMs`: its session is taken as gone and the record discarded. */
export const isStale = (record: StoredUpload, maxAgeMs: number, now = Date.now()): boolean => now - record.updatedAt > maxAgeMs;

/** What is kept of an interrupted upload so it can go on after a reload. Never a token or header. */
export interface StoredUpload {
  /** Records of another shape are ignored (and removed) rather than trusted. */
  version: 1;
  fingerprint: string;
  sessionUri: string;
  endpoint: string | undefined;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** The fixed chunk size used, if one was given. */
  chunkSize: number | undefined;
  /** What the server had confirmed when last heard from. */
  bytesCommitted: number;
  createdAt: number;
  updatedAt: number;
  metadata: Record<string, unknown> | undefined;
  /** Where the browser allows: the file itself, so a reload needs no new choice of file. */
  fileHandle: FileSystemFileHandle | undefined;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** Checks a record read back from storage: another version, another app or a corrupt write is not trusted. */
export function isStoredUpload(value: unknown): value is StoredUpload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.version === 1 &&
    isString(record.fingerprint) &&
    isString(record.sessionUri) &&
    (record.endpoint === undefined || isString(record.endpoint)) &&
    isString(record.name) &&
    isNumber(record.size) &&
    isString(record.type) &&
    isNumber(record.lastModified) &&
    (record.chunkSize === undefined || isNumber(record.chunkSize)) &&
    isNumber(record.bytesCommitted) &&
    isNumber(record.createdAt) &&
    isNumber(record.updatedAt) &&
    (record.metadata === undefined || (typeof record.metadata === 'object' && record.metadata !== null))
  );
}

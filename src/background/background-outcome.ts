import type { UploadResult } from '../protocol/final-result.ts';
import type { StoredUpload } from '../storage/stored-upload.ts';
import type { BackgroundOutcome } from './background-fetch-api.ts';

/** A stored record with what the service worker wrote into it when its background request ended. */
export type RecordWithOutcome = StoredUpload & { background: BackgroundOutcome };

/** Reads the service worker's note on a record; a record is input, so anything malformed counts as none. */
export function outcomeOf(record: StoredUpload): BackgroundOutcome | undefined {
  return checkedOutcome((record as Partial<RecordWithOutcome>).background);
}

/** An outcome as the service worker writes it (in a record, or on its channel); anything else is none. */
export function checkedOutcome(outcome: unknown): BackgroundOutcome | undefined {
  const value = outcome as Record<string, unknown> | undefined;
  if (typeof value !== 'object' || value === null || typeof value.at !== 'number') return undefined;
  if (value.state === 'done' && typeof value.status === 'number' && typeof value.body === 'string' && typeof value.contentType === 'string') {
    return value as BackgroundOutcome;
  }
  if (value.state === 'interrupted' && typeof value.reason === 'string') return value as BackgroundOutcome;
  return undefined;
}

/**
 * The server's final answer as the service worker kept it (a `done` outcome), checked as the
 * session's own would be: a size other than the file's is no success. Undefined for anything else.
 */
export function resultOf(outcome: BackgroundOutcome | undefined, size: number, sessionUri: string): UploadResult | undefined {
  if (outcome?.state !== 'done') return undefined;
  let body: unknown = outcome.body;
  if (/json/i.test(outcome.contentType)) {
    try {
      body = JSON.parse(outcome.body);
    } catch {
      // kept as text
    }
  }
  const kept = typeof body === 'object' && body !== null ? (body as { size?: unknown }).size : undefined;
  if (kept !== undefined && kept !== '' && Number(kept) !== size) return undefined;
  return { status: outcome.status, body, sessionUri };
}

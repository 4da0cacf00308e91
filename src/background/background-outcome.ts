import type { StoredUpload } from '../storage/stored-upload.ts';
import type { BackgroundOutcome } from './background-fetch-api.ts';

/** A stored record with what the service worker wrote into it when its background request ended. */
export type RecordWithOutcome = StoredUpload & { background: BackgroundOutcome };

/** Reads the service worker's note on a record; a record is input, so anything malformed counts as none. */
export function outcomeOf(record: StoredUpload): BackgroundOutcome | undefined {
  const value = (record as Partial<RecordWithOutcome>).background as Record<string, unknown> | undefined;
  if (typeof value !== 'object' || value === null || typeof value.at !== 'number') return undefined;
  if (value.state === 'done' && typeof value.status === 'number' && typeof value.body === 'string' && typeof value.contentType === 'string') {
    return value as BackgroundOutcome;
  }
  if (value.state === 'interrupted' && typeof value.reason === 'string') return value as BackgroundOutcome;
  return undefined;
}

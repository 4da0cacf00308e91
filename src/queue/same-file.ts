import type { StoredUpload } from '../storage/stored-upload.ts';

/** The record is of this file, for display only; whether the server's bytes count is the engine's fingerprint's call. */
export const sameFile = (file: File, record: StoredUpload): boolean =>
  file.name === record.name && file.size === record.size && file.lastModified === record.lastModified;

import type { StoredUpload } from '../../../src/storage/stored-upload.ts';

/**
 * A valid session record of a 10-byte file with nothing committed yet, under a fresh fingerprint,
 * as the engine stores it; `fields` replace the defaults.
 */
export function storedRecord(fields: Partial<StoredUpload> = {}): StoredUpload {
  const now = Date.now();
  return {
    version: 2,
    fingerprint: crypto.randomUUID().replaceAll('-', '').padEnd(64, '0'),
    sessionUri: 'http://127.0.0.1:1/upload?upload_id=x',
    endpoint: undefined,
    endpointHash: undefined,
    name: 'report.pdf',
    size: 10,
    type: 'application/octet-stream',
    lastModified: now,
    chunkSize: undefined,
    bytesCommitted: 0,
    createdAt: now,
    updatedAt: now,
    metadata: undefined,
    fileHandle: undefined,
    ...fields,
  };
}

import { UploadError } from '../errors/upload-error.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import type { FileDigests } from './digests.ts';

/**
 * Compares the checksums the server reports (`crc32c`, `md5Hash`, as Cloud Storage sends them) with
 * the file's. A mismatch means the server holds other bytes: an error, never a success.
 * Returns whether anything could be compared.
 */
export function verifyResult(result: UploadResult, digests: FileDigests): boolean {
  const body = typeof result.body === 'object' && result.body !== null ? (result.body as Record<string, unknown>) : {};
  let compared = false;
  for (const key of ['crc32c', 'md5Hash'] as const) {
    const reported = body[key];
    if (typeof reported !== 'string') continue;
    compared = true;
    if (reported !== digests[key]) {
      throw new UploadError(
        'integrity',
        `The server reports ${key} "${reported}" but the file's is "${digests[key]}": the stored bytes differ from the file. ` +
          'Upload it again.',
        { status: result.status, body: result.body },
      );
    }
  }
  return compared;
}

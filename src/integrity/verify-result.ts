import { UploadError } from '../errors/upload-error.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import type { FileDigests } from './digests.ts';

/** MD5 in hex, as Drive reports it (`md5Checksum`), from the base64 Cloud Storage uses. */
const hex = (base64: string): string => [...atob(base64)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

/**
 * Compares the checksums the server reports (`crc32c`, `md5Hash`, as Cloud Storage sends them;
 * `md5Checksum`, as Drive does) with the file's. A mismatch means the server holds other bytes: an
 * error, never a success. Returns whether anything could be compared.
 */
export function verifyResult(result: UploadResult, digests: FileDigests): boolean {
  const body = typeof result.body === 'object' && result.body !== null ? (result.body as Record<string, unknown>) : {};
  const expected = { crc32c: digests.crc32c, md5Hash: digests.md5Hash, md5Checksum: hex(digests.md5Hash) };
  let compared = false;
  for (const [key, value] of Object.entries(expected)) {
    const reported = body[key];
    if (typeof reported !== 'string') continue;
    compared = true;
    // Hex may come in either case; base64 is case-sensitive.
    if ((key === 'md5Checksum' ? reported.toLowerCase() : reported) !== value) {
      throw new UploadError(
        'integrity',
        `The server reports ${key} "${reported}" but the file's is "${value}": the stored bytes differ from the file. ` +
          'Upload it again.',
        { status: result.status, body: result.body },
      );
    }
  }
  return compared;
}

/**
 * With `verify`, only matching checksums are a success. A final answer with none (cut short, or
 * without the fields) is asked for once more (`askAgain`: a finished session answers its status query
 * with it again); a mismatch calls `forget` first, so the next try uploads the file anew.
 */
export async function verified(
  result: UploadResult,
  digests: FileDigests,
  askAgain: (() => Promise<UploadResult>) | undefined,
  forget: () => void,
): Promise<UploadResult> {
  try {
    if (!verifyResult(result, digests) && askAgain) result = await askAgain();
    if (verifyResult(result, digests)) return { ...result, verified: true };
  } catch (error) {
    if (error instanceof UploadError && error.code === 'integrity') forget();
    throw error;
  }
  throw new UploadError(
    'integrity',
    `The server's final answer (${result.status}) has no checksum to compare (crc32c, md5Hash or md5Checksum), or could not be read, ` +
      'so the upload is not verified; the file may be stored all the same. Have the server report them (Drive: fields=md5Checksum), or turn verify off.',
    { status: result.status, body: result.body },
  );
}

import { isUploadError } from '../errors/upload-error.ts';
import { readWithin, unreadableFile } from '../storage/read-within.ts';

/**
 * A request body that cannot be read fails like a dropped connection; reading one byte tells the
 * two apart, so a deleted or changed file ends in a clear error instead of futile retries.
 */
export async function checkReadable(file: Blob, readTimeoutMs: number): Promise<void> {
  try {
    await readWithin(file.slice(0, 1).arrayBuffer(), file, readTimeoutMs);
  } catch (cause) {
    throw isUploadError(cause) ? cause : unreadableFile(file, cause);
  }
}

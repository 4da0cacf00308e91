import { UploadError } from '../errors/upload-error.ts';

/**
 * A request body that cannot be read fails like a dropped connection; reading one byte tells the
 * two apart, so a deleted or changed file ends in a clear error instead of futile retries.
 */
export async function checkReadable(file: Blob): Promise<void> {
  try {
    await file.slice(0, 1).arrayBuffer();
  } catch (cause) {
    const name = (file as Partial<File>).name;
    throw new UploadError(
      'file-unreadable',
      `The file${name ? ` "${name}"` : ''} can no longer be read: it was deleted, moved or changed on disk after it was chosen. ` +
        'Choose it again to continue.',
      { cause },
    );
  }
}

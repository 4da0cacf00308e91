import { UploadError } from '../errors/upload-error.ts';

/** The error of a file that can no longer be read, `cause` saying how the read failed. */
export function unreadableFile(file: Blob, cause: unknown): UploadError {
  const name = (file as Partial<File>).name;
  return new UploadError(
    'file-unreadable',
    `The file${name ? ` "${name}"` : ''} can no longer be read: it was deleted, moved or changed on disk after it was chosen. ` +
      'Choose it again to continue.',
    { cause },
  );
}

/**
 * A read of `file`'s bytes, or `'file-unreadable'` once it has not answered for `ms` (`stallTimeoutMs`):
 * a file whose disk went away may leave a read unanswered, and the upload must not wait forever.
 */
export function readWithin<T>(read: Promise<T>, file: Blob, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unreadableFile(file, new Error(`A read gave no answer within ${ms} ms`))), ms);
  });
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer));
}

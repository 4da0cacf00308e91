import { UploadError } from '../errors/upload-error.ts';
import type { HttpResponse } from '../transport/http-client.ts';
import { readBody } from './read-body.ts';

/** What `Upload.start()` resolves with. */
export interface UploadResult {
  /** `201` when a resumable `POST` created the resource, `200` otherwise. */
  status: number;
  /** The resource's metadata as the server sent it: parsed JSON, or text. */
  body: unknown;
  /** The resumable session the bytes went through; absent for media and multipart uploads. */
  sessionUri?: string;
  /** With `verify`: true (the server's checksums matched the file's; an upload it cannot verify rejects with `'integrity'`). */
  verified?: boolean;
}

/**
 * The result of a final `200`/`201`, after checking that the server kept the whole file:
 * some servers finalize early and truncate, and a false success is the worst outcome.
 */
export function finalResult(response: HttpResponse, total: number, sessionUri?: string): UploadResult {
  const body = readBody(response);
  const size = typeof body === 'object' && body !== null ? (body as { size?: unknown }).size : undefined;
  if ((typeof size === 'string' || typeof size === 'number') && `${size}` !== '' && Number(size) !== total) {
    throw new UploadError(
      'protocol',
      `The server finished the upload with size ${size}, but the file has ${total} bytes: the stored object is incomplete.`,
      { status: response.status, body },
    );
  }
  return sessionUri === undefined ? { status: response.status, body } : { status: response.status, body, sessionUri };
}

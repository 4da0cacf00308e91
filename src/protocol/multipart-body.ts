/**
 * A `multipart/related` body (RFC 2387) of two parts: the JSON metadata, then the media.
 * The file stays a Blob reference inside the new Blob, so its bytes are never copied into memory.
 */
export function multipartBody(
  metadata: Record<string, unknown>,
  file: Blob,
  contentType: string,
): { body: Blob; contentType: string } {
  const boundary = `resumable_upload_${crypto.randomUUID().replaceAll('-', '')}`;
  const head =
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
    `--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: new Blob([head, file, `\r\n--${boundary}--\r\n`]),
    contentType: `multipart/related; boundary=${boundary}`,
  };
}

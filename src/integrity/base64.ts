/** Standard base64, the encoding Cloud Storage uses for `md5Hash` and `crc32c`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A CRC-32C as Cloud Storage writes it: the four bytes big-endian, in base64. */
export function crc32cToBase64(crc: number): string {
  return toBase64(new Uint8Array([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff]));
}

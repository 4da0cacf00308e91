import { md5 } from '@noble/hashes/legacy.js';
import { crc32cToBase64, toBase64 } from './base64.ts';
import { crc32c } from './crc32c.ts';
import type { FileDigests } from './digests.ts';

const SLICE = 8 * 1024 * 1024;

/** MD5 and CRC-32C of a file in one pass, a slice at a time, so memory stays flat whatever its size. */
export async function digestFile(file: Blob): Promise<FileDigests> {
  const hash = md5.create();
  let crc = 0;
  for (let offset = 0; offset < file.size; offset += SLICE) {
    const bytes = new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer());
    hash.update(bytes);
    crc = crc32c(bytes, crc);
  }
  return { md5Hash: toBase64(hash.digest()), crc32c: crc32cToBase64(crc) };
}

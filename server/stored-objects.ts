import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { crc32c } from '../src/integrity/crc32c.ts';
import { crc32cToBase64 } from '../src/integrity/base64.ts';

/** What the server answers for a finished upload (Cloud Storage's shape) and serves at /__files/<id>/info. */
export interface ObjectInfo {
  id: string;
  name: string;
  /** A decimal string, as Cloud Storage sends it. */
  size: string;
  contentType: string;
  /** The checksums are absent when the server was made with `checksums: false`. */
  md5Hash?: string;
  crc32c?: string;
  sha256?: string;
  metadata: Record<string, unknown>;
}

export interface StoredObject {
  info: ObjectInfo;
  path: string;
}

/**
 * Hashes the stored bytes from disk, so the answer describes what was really kept. Without
 * `checksums`, only the size (from disk too): hashing reads the whole object back.
 */
export async function describeObject(
  path: string,
  id: string,
  contentType: string,
  metadata: Record<string, unknown>,
  checksums = true,
): Promise<ObjectInfo> {
  const name = typeof metadata.name === 'string' ? metadata.name : id;
  if (!checksums) return { id, name, size: String((await stat(path)).size), contentType, metadata };
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let crc = 0;
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    md5.update(chunk);
    sha256.update(chunk);
    crc = crc32c(chunk, crc);
    size += chunk.length;
  }
  return {
    id,
    name,
    size: String(size),
    contentType,
    md5Hash: md5.digest('base64'),
    crc32c: crc32cToBase64(crc),
    sha256: sha256.digest('hex'),
    metadata,
  };
}

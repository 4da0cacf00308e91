/** Bytes that differ at every offset (a PRNG stream), so a gap, an overlap or a shift changes the hash. */
export function patternBytes(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

export function patternFile(size: number, name = 'file.bin', type = 'application/octet-stream', seed = size): File {
  return new File([patternBytes(size, seed)], name, { type });
}

export async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const KiB = 1024;
export const MiB = 1024 * 1024;
export const QUANTUM = 256 * KiB;

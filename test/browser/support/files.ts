import { patternBytes } from '../../support/pattern-bytes.ts';

export { patternBytes };

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

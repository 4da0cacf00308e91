import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';

const BLOCK = 16 * 1024 * 1024;

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}

function label(bytes: number): string {
  const MiB = 1024 * 1024;
  return bytes % (1024 * MiB) === 0 ? `${bytes / (1024 * MiB)}GiB` : `${Math.round(bytes / MiB)}MiB`;
}

/**
 * A file of `bytes` random bytes in `dir`, made once and reused. Written under a temporary name and
 * renamed at the end, so a run cut off halfway never leaves a short file that looks finished.
 */
export async function benchFile(dir: string, bytes: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${label(bytes)}.bin`);
  if (sizeOf(file) === bytes) return file;
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w');
  try {
    for (let written = 0; written < bytes; written += BLOCK) {
      await handle.write(randomBytes(Math.min(BLOCK, bytes - written)));
    }
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return file;
}

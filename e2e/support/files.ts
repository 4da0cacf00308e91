import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

const dir = path.join(import.meta.dirname, '..', '.files');

/**
 * A real file on disk of `size` bytes whose content differs at every MiB (so a misplaced chunk
 * changes the hash), written once and reused across runs.
 */
export async function fileOnDisk(name: string, size: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (existsSync(file) && statSync(file).size === size) return file;
  const handle = await open(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  for (let offset = 0, n = 0; offset < size; offset += block.length, n++) {
    for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((n * 2654435761 + i * 40503) >>> 0, i);
    await handle.write(block, 0, Math.min(block.length, size - offset), offset);
  }
  await handle.close();
  return file;
}

export function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

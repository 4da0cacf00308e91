import { open } from 'node:fs/promises';

/** Flips the first stored byte: a server that kept other bytes than it was sent (for checksum tests). */
export async function corruptFirstByte(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const byte = Buffer.alloc(1);
    const { bytesRead } = await handle.read(byte, 0, 1, 0);
    if (bytesRead === 1) await handle.write(Buffer.from([byte[0]! ^ 0xff]), 0, 1, 0);
  } finally {
    await handle.close();
  }
}

import { expect } from 'vitest';
import type { UploadResult } from '../../../src/index.ts';
import { sha256 } from './files.ts';
import { storedFile } from './server.ts';

/** The server's stored bytes (hashed from its disk) are exactly the file's. */
export async function expectStored(result: UploadResult, file: Blob, server?: string): Promise<void> {
  const id = (result.body as { id?: string }).id;
  expect(id, 'the final response names the stored object').toBeTypeOf('string');
  const stored = await storedFile(id!, server);
  expect(Number(stored.size)).toBe(file.size);
  expect(stored.sha256).toBe(await sha256(file));
}

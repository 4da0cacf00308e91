import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import { pattern, putChunk, send, sha256, startSession } from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';

const QUANTUM = 262_144;

describe('checksums: false', () => {
  const server = referenceServerForSuite({ checksums: false });

  it('finishes a resumable upload with the size and no checksums, keeping the bytes', async () => {
    const bytes = pattern(2 * QUANTUM + 1000, 7);
    const session = await startSession(server.origin, { size: bytes.length, metadata: { name: 'a.bin' } });
    expect((await putChunk(session, bytes.subarray(0, QUANTUM), 0, bytes.length)).status).toBe(308);
    const final = await putChunk(session, bytes.subarray(QUANTUM), QUANTUM, bytes.length);
    expect(final.status).toBe(201);
    const info = final.json();
    expect(info).toMatchObject({ name: 'a.bin', size: String(bytes.length), contentType: 'application/octet-stream' });
    expect(info).not.toHaveProperty('md5Hash');
    expect(info).not.toHaveProperty('crc32c');
    expect(info).not.toHaveProperty('sha256');
    expect(sha256((await send(`${server.origin}/__files/${info.id as string}`)).body)).toBe(sha256(bytes));
  });

  it('answers a media upload with the size only', async () => {
    const bytes = pattern(5000, 8);
    const answer = await send(`${server.origin}/upload/test/v1/files?uploadType=media`, { method: 'POST', body: bytes });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ size: '5000' });
    expect(answer.json()).not.toHaveProperty('sha256');
  });
});

describe('checksums by default', () => {
  it('are in the final answer', async () => {
    const { url, close } = await createReferenceServer().listen(0);
    try {
      const bytes = pattern(1000, 9);
      const answer = await send(`${url}/upload/test/v1/files?uploadType=media`, { method: 'POST', body: bytes });
      expect(answer.json()).toMatchObject({ size: '1000', sha256: sha256(bytes) });
      expect(answer.json()).toHaveProperty('md5Hash');
      expect(answer.json()).toHaveProperty('crc32c');
    } finally {
      await close();
    }
  });
});

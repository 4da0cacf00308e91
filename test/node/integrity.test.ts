import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc32cToBase64 } from '../../src/integrity/base64.ts';
import { crc32c } from '../../src/integrity/crc32c.ts';
import { digestFile } from '../../src/integrity/digest-file.ts';
import { verifyResult } from '../../src/integrity/verify-result.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('crc32c', () => {
  it('matches the published check value and Cloud Storage encoding', () => {
    expect(crc32c(text('123456789'))).toBe(0xe3069283);
    // Cloud Storage documents crc32c "AAAAAA==" for an empty object.
    expect(crc32cToBase64(crc32c(new Uint8Array()))).toBe('AAAAAA==');
  });

  it('is the same fed at once or in pieces', () => {
    const bytes = text('The quick brown fox jumps over the lazy dog');
    expect(crc32c(bytes.subarray(10), crc32c(bytes.subarray(0, 10)))).toBe(crc32c(bytes));
  });
});

describe('digestFile', () => {
  it('gives the MD5 and CRC-32C of a multi-slice file', async () => {
    const bytes = new Uint8Array(9 * 1024 * 1024 + 3).map((_, i) => (i * 7) & 0xff);
    const digests = await digestFile(new Blob([bytes]));
    expect(digests.md5Hash).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(digests.crc32c).toBe(crc32cToBase64(crc32c(bytes)));
  });
});

describe('verifyResult', () => {
  const digests = { md5Hash: 'md5', crc32c: 'crc' };
  it('passes matching checksums and says whether any were compared', () => {
    expect(verifyResult({ status: 201, body: { md5Hash: 'md5', crc32c: 'crc' } }, digests)).toBe(true);
    expect(verifyResult({ status: 201, body: { name: 'x' } }, digests)).toBe(false);
    expect(verifyResult({ status: 201, body: 'text' }, digests)).toBe(false);
  });

  it("fails with 'integrity' on a mismatch", () => {
    expect(() => verifyResult({ status: 201, body: { md5Hash: 'other' } }, digests)).toThrowError(
      expect.objectContaining({ code: 'integrity' }),
    );
  });
});

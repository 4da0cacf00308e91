import { afterEach, describe, expect, it, vi } from 'vitest';
import { crc32c } from '../../src/integrity/crc32c.ts';
import { PrefixChecksums } from '../../src/storage/prefix-checksums.ts';

const MiB = 1024 * 1024;
const Q = 256 * 1024;

afterEach(() => vi.restoreAllMocks());

describe('prefix checksums of a large file', () => {
  it('sum it slice by slice into one reused buffer, not a fresh ArrayBuffer a slice, and agree with the bytes', async () => {
    const content = Uint8Array.from({ length: 13 * MiB + 5 }, (_, i) => (i * 131 + (i >> 11)) & 0xff);
    const file = new Blob([content]);
    const read = vi.spyOn(Blob.prototype, 'arrayBuffer');
    const sums = new PrefixChecksums(file);
    // Every 256 KiB boundary across four 4 MiB slices, and the whole file.
    for (const length of [Q, 4 * MiB, 4 * MiB + Q, 9 * MiB, 13 * MiB, content.length]) {
      expect(await sums.at(length)).toBe(crc32c(content.subarray(0, length)));
    }
    // Where Blob streams are byte streams (every engine tested), none of the file was copied into a fresh buffer.
    expect(read).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { crc32c } from '../../src/integrity/crc32c.ts';
import { PrefixChecksums } from '../../src/storage/prefix-checksums.ts';

const Q = 256 * 1024;
const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 131 + seed * 7 + (i >> 9)) & 0xff);

/** CRC-32C a bit at a time, as defined: what the eight-table version must agree with. */
function bitwise(data: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (0x82f63b78 ^ (crc >>> 1)) >>> 0 : crc >>> 1;
  }
  return ~crc >>> 0;
}

describe('crc32c, eight bytes a step', () => {
  it('agrees with the definition at every length and alignment, and when fed in pieces', () => {
    const data = bytes(100, 9);
    for (let start = 0; start < 9; start++) {
      for (let end = start; end <= data.length; end++) {
        expect(crc32c(data.subarray(start, end))).toBe(bitwise(data.subarray(start, end)));
        expect(crc32c(data.subarray(start, end), 0xdeadbeef)).toBe(bitwise(data.subarray(start, end), 0xdeadbeef));
      }
    }
  });
});

const lengthsUpTo = (end: number) => Array.from({ length: end / Q + 1 }, (_, k) => k * Q);

describe('PrefixChecksums', () => {
  const content = bytes(5 * Q + 123, 1);
  const file = new Blob([content]);

  it('gives the CRC-32C of the first bytes at any length of the file, on the boundaries or off them, and nothing past it', async () => {
    const sums = new PrefixChecksums(file);
    for (const length of [0, Q, 3 * Q, 5 * Q, content.length]) expect(await sums.at(length)).toBe(crc32c(content.subarray(0, length)));
    // Off the boundaries, asked before and after the boundaries around them were summed.
    for (const length of [1, Q + 1, 5 * Q + 100, 2 * Q - 1, Q + 1]) expect(await sums.at(length)).toBe(crc32c(content.subarray(0, length)));
    for (const length of [content.length + 1, 6 * Q, -Q, -1, Q + 0.5, Number.NaN]) expect(await sums.at(length)).toBeUndefined();
  });

  it('records, for a chunk about to go, every length the session may then hold', async () => {
    const lengths = async (from: number, to: number) => (await new PrefixChecksums(file).between(from, to)).map(([length]) => length);
    expect(await lengths(0, 2 * Q)).toEqual([0, Q, 2 * Q]);
    expect(await lengths(Q, 2 * Q)).toEqual([Q, 2 * Q]);
    expect(await lengths(4 * Q, content.length)).toEqual([4 * Q, 5 * Q, content.length]);
    // After a server kept an odd count, the chunks start and end off the boundaries: their ends too
    // are lengths the session may hold next (a later resume checks the one it is told).
    expect(await lengths(Q + 5, 3 * Q)).toEqual([Q + 5, 2 * Q, 3 * Q]);
    expect(await lengths(Q + 5, 2 * Q + 5)).toEqual([Q + 5, 2 * Q, 2 * Q + 5]);
  });

  it('adds the lengths up to `through` already summed, without waiting for the rest', async () => {
    const big = new Blob([content, new Uint8Array(8 * 1024 * 1024)]); // two slices of 4 MiB and more
    const first = await new PrefixChecksums(big).between(0, Q, big.size);
    expect(first.map(([length]) => length)).toEqual(lengthsUpTo(4 * 1024 * 1024)); // the first slice read, no more waited for
    const sums = new PrefixChecksums(file);
    await sums.at(content.length); // what the read-ahead does meanwhile
    const held = await sums.between(Q, 2 * Q, content.length);
    expect(held).toEqual([Q, 2 * Q, 3 * Q, 4 * Q, 5 * Q, content.length].map((length) => [length, crc32c(content.subarray(0, length))]));
  });

  it('verifies the first bytes against a kept checksum for that length; crafted entries match nothing', async () => {
    const kept = await new PrefixChecksums(file).between(Q, 3 * Q);
    const edited = content.slice();
    edited[Q - 1]! ^= 1;
    const same = new PrefixChecksums(new Blob([content]));
    const other = new PrefixChecksums(new Blob([edited]));
    expect(await same.verified(2 * Q, kept)).toEqual([[2 * Q, crc32c(content.subarray(0, 2 * Q))]]);
    expect(await other.verified(2 * Q, kept)).toBeUndefined();
    expect(await same.verified(4 * Q, kept)).toBeUndefined(); // the record never saw that count, nor a longer one
    expect(await other.verified(0, kept)).toEqual([]); // nothing held, nothing to compare
    for (const crafted of [undefined, null, 'x', [[2 * Q, String(kept[1]![1])]], [null, 'x', [2 * Q]], { length: 1 }]) {
      expect(await same.verified(2 * Q, crafted)).toBeUndefined();
    }
  });

  it('verifies a count off the boundaries against the shortest longer prefix kept, which holds it', async () => {
    const kept = await new PrefixChecksums(file).between(Q, 3 * Q); // Q, 2Q, 3Q
    const held = Q + 1000;
    const edited = content.slice();
    edited[2 * Q - 1]! ^= 1; // past `held`, within the prefix compared: refused (the check is conservative)
    expect(await new PrefixChecksums(new Blob([content])).verified(held, kept)).toEqual([[2 * Q, crc32c(content.subarray(0, 2 * Q))]]);
    expect(await new PrefixChecksums(new Blob([edited])).verified(held, kept)).toBeUndefined();
    expect(await new PrefixChecksums(new Blob([content])).verified(3 * Q + 1, kept)).toBeUndefined(); // none longer kept
  });

  it('a file of two 64 KiB edges or less is hashed whole by the fingerprint: nothing to check', async () => {
    expect(await new PrefixChecksums(new Blob([bytes(128 * 1024, 2)])).verified(128 * 1024, undefined)).toEqual([]);
  });
});

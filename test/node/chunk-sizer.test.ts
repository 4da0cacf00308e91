import { describe, expect, it } from 'vitest';
import { ChunkSizer } from '../../src/engine/chunk-sizer.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const adaptive = { fixed: undefined, min: 256 * KiB, max: 64 * MiB, targetMs: 3000 };

describe('ChunkSizer', () => {
  it('keeps a fixed size whatever the timing', () => {
    const sizer = new ChunkSizer({ ...adaptive, fixed: 8 * MiB });
    sizer.record(8 * MiB, 1);
    expect(sizer.next()).toBe(8 * MiB);
  });

  it('starts small, then grows at most fourfold per chunk on a fast link', () => {
    const sizer = new ChunkSizer(adaptive);
    const sizes = [sizer.next()];
    for (let i = 0; i < 6; i++) {
      sizer.record(sizer.next(), 10);
      sizes.push(sizer.next());
    }
    expect(sizes.map((s) => s / KiB)).toEqual([256, 1024, 4096, 16384, 65536, 65536, 65536]);
  });

  it('sizes chunks so a request lasts about the target time', () => {
    const sizer = new ChunkSizer(adaptive);
    sizer.record(256 * KiB, 1000); // 256 KiB/s: 3 s is 768 KiB
    expect(sizer.next()).toBe(768 * KiB);
  });

  it('shrinks on a slowing link, in 256 KiB steps, never below the minimum', () => {
    const sizer = new ChunkSizer({ ...adaptive, fixed: undefined });
    sizer.record(256 * KiB, 1);
    sizer.record(1 * MiB, 10_000); // ~105 KiB/s
    expect(sizer.next()).toBe(256 * KiB);
    expect(sizer.next() % (256 * KiB)).toBe(0);
  });

  it('learns nothing from a last chunk shorter than planned', () => {
    const sizer = new ChunkSizer(adaptive);
    sizer.record(1000, 10_000);
    expect(sizer.next()).toBe(256 * KiB);
  });
});

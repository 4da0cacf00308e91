import { describe, expect, it } from 'vitest';
import { ChunkSizer, type ChunkSizing } from '../../src/engine/chunk-sizer.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const adaptive: ChunkSizing = { fixed: undefined, min: 256 * KiB, max: 128 * MiB, targetMs: 3000 };

/** A link of `mbit` Mbit/s and `rttMs`: each request takes a round trip plus its bytes' sending time. */
function link(mbit: number, rttMs: number) {
  const bytesPerMs = (mbit * 1e6) / 8 / 1000;
  return { rttMs, requestMs: (bytes: number) => rttMs + bytes / bytesPerMs, sendingMs: (bytes: number) => bytes / bytesPerMs };
}

/** Uploads `total` bytes over `through` as the engine does: a session start (one round trip), then chunks. */
function upload(total: number, through: ReturnType<typeof link>, sizing = adaptive) {
  const sizer = new ChunkSizer(sizing);
  sizer.roundTrip(through.rttMs);
  const chunks: number[] = [];
  for (let offset = 0; offset < total; ) {
    const bytes = Math.min(sizer.next(), total - offset);
    offset += bytes;
    chunks.push(bytes);
    sizer.record(bytes, through.requestMs(bytes), total - offset);
  }
  // Idle: the session start's round trip and each chunk's wait for its answer, beyond the one a single PUT waits too.
  const idleMs = through.rttMs * chunks.length;
  return { chunks, idleShare: idleMs / through.sendingMs(total) };
}

describe('ChunkSizer', () => {
  it('keeps a fixed size whatever the timing', () => {
    const sizer = new ChunkSizer({ ...adaptive, fixed: 8 * MiB });
    sizer.roundTrip(40);
    sizer.record(8 * MiB, 1, 100 * MiB);
    expect(sizer.next()).toBe(8 * MiB);
  });

  it('starts with the smallest chunk, so the first confirmed progress comes early', () => {
    expect(new ChunkSizer(adaptive).next()).toBe(256 * KiB);
  });

  it('after the first chunk, sends the rest of a file that takes seconds in one request (100 Mbit/s, 40 ms, 128 MiB)', () => {
    const { chunks, idleShare } = upload(128 * MiB, link(100, 40));
    expect(chunks).toEqual([256 * KiB, 128 * MiB - 256 * KiB]);
    expect(idleShare).toBeLessThan(0.01);
  });

  it('does so on slower links too (20 Mbit/s, 100 ms, 32 MiB; 5 Mbit/s, 300 ms, 8 MiB)', () => {
    expect(upload(32 * MiB, link(20, 100)).chunks).toEqual([256 * KiB, 32 * MiB - 256 * KiB]);
    expect(upload(8 * MiB, link(5, 300)).chunks).toEqual([256 * KiB, 8 * MiB - 256 * KiB]);
  });

  it('splits a long upload into requests long enough that idle round trips stay under 1 % (1 GiB at 100 Mbit/s, 40 ms)', () => {
    const { chunks, idleShare } = upload(1024 * MiB, link(100, 40));
    expect(idleShare).toBeLessThan(0.01);
    // …and no longer than that asks: a failure resends one request of a few seconds, not half the file.
    const middle = chunks.slice(1, -1);
    expect(middle.length).toBeGreaterThan(10);
    for (const bytes of middle) expect(link(100, 40).sendingMs(bytes)).toBeLessThan(6000);
  });

  it('keeps requests to about the target length where round trips are short (1 Gbit/s, 1 ms)', () => {
    const { chunks } = upload(4096 * MiB, link(1000, 1), { ...adaptive, max: 1024 * MiB });
    for (const bytes of chunks.slice(1, -1)) {
      expect(link(1000, 1).sendingMs(bytes)).toBeGreaterThanOrEqual(3000);
      expect(link(1000, 1).sendingMs(bytes)).toBeLessThan(4000);
    }
  });

  it('never goes above the maximum, which bounds what a failure resends', () => {
    const { chunks } = upload(1024 * MiB, link(1000, 20), { ...adaptive, max: 64 * MiB });
    expect(Math.max(...chunks)).toBe(64 * MiB);
  });

  it('takes the round trip out of the first chunk’s time, but a handshake in the measured round trip cannot make the link look more than 4× faster', () => {
    // The session start took 200 ms (a new connection's handshakes) on a 40 ms link; 256 KiB took 61 ms.
    // Long requests (10 s) and a long file, so the chunk is the assumed speed × 10 s.
    const sizer = new ChunkSizer({ ...adaptive, targetMs: 10_000, max: 1024 * MiB });
    sizer.roundTrip(200);
    sizer.record(256 * KiB, 61, 100 * 1024 * MiB);
    const fourTimes = ((256 * KiB) / 61) * 4 * 10_000;
    expect(sizer.next() / fourTimes).toBeGreaterThan(0.99);
    expect(sizer.next() / fourTimes).toBeLessThan(1.01);
  });

  it('sizes by sending time: the round trip the session start measured is not counted as slowness', () => {
    const withRoundTrip = new ChunkSizer(adaptive);
    withRoundTrip.roundTrip(100);
    withRoundTrip.record(256 * KiB, 200, 1024 * MiB);
    const without = new ChunkSizer(adaptive);
    without.record(256 * KiB, 200, 1024 * MiB);
    expect(withRoundTrip.next()).toBeGreaterThan(without.next());
  });

  it('shrinks on a slowing link, in 256 KiB steps, never below the minimum', () => {
    const sizer = new ChunkSizer(adaptive);
    sizer.roundTrip(10);
    sizer.record(256 * KiB, 20, 1024 * MiB);
    sizer.record(sizer.next(), 3_600_000, 500 * MiB); // the link all but stopped
    expect(sizer.next()).toBe(256 * KiB);
    expect(sizer.next() % (256 * KiB)).toBe(0);
  });

  it('learns nothing from a last chunk shorter than planned', () => {
    const sizer = new ChunkSizer(adaptive);
    sizer.record(1000, 10_000, 0);
    expect(sizer.next()).toBe(256 * KiB);
  });
});

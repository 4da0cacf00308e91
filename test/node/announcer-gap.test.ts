// The live region's pace, on a virtual clock: the announcer's own timers and `performance.now()`,
// so the gap between two messages is checked to the millisecond however busy the machine.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcer } from '../../src/element/announce/announcer.ts';
import { formatterFor } from '../../src/element/i18n/format.ts';
import { en } from '../../src/element/i18n/strings.ts';
import type { Tally } from '../../src/queue/item/tally.ts';
import type { UploadItem } from '../../src/queue/item/upload-item.ts';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

const tally: Tally = { files: 0, done: 0, failed: 0, left: 0, paused: 0, rejected: 0, running: 0, bytesTotal: 0, bytesCommitted: 0, bytesPerSecond: undefined };

/** An announcer over a list kept by hand; every message it makes, with the virtual time it was made. */
function announcer() {
  const said: { at: number; lines: readonly string[] }[] = [];
  const host = { addController() {}, requestUpdate: () => said.push({ at: performance.now(), lines: subject.message }) };
  const subject = new Announcer(host as never, {
    wording: () => ({ t: en, f: formatterFor('en'), now: performance.now() }),
    tally: () => tally,
    endpoint: () => 'https://uploads.example/',
  });
  return { subject, said };
}

const item = (name: string) => ({ file: { name }, error: new Error('refused') }) as unknown as UploadItem;

describe('the live region, on a virtual clock', () => {
  it('says a burst of seven starts and finishes as two messages, the second a second after the first', () => {
    const { subject, said } = announcer();
    const items = Array.from({ length: 7 }, (_, i) => item(`burst-${i}.bin`));
    Object.assign(tally, { files: 7, done: 0, failed: 0, left: 7, running: 7 });
    for (const file of items) subject.say('start', file);
    vi.advanceTimersByTime(0);
    items.forEach((file, i) => {
      vi.advanceTimersByTime(100);
      Object.assign(tally, { done: i + 1, left: 6 - i, running: 6 - i });
      subject.say('done', file);
    });
    vi.advanceTimersByTime(5000);
    expect(said).toEqual([
      { at: 0, lines: ['Uploading 7 files'] },
      { at: 1000, lines: ['Uploads: 7 done, 0 failed, 0 left'] },
    ]);
  });

  it('holds news that comes within a second of the last message until that second is over, then says it together', () => {
    const { subject, said } = announcer();
    const [a, b, c] = [item('a.bin'), item('b.bin'), item('c.bin')];
    Object.assign(tally, { files: 3, done: 0, failed: 0, left: 3, running: 3 });
    for (const file of [a, b, c]) subject.say('start', file);
    vi.advanceTimersByTime(200);
    Object.assign(tally, { failed: 1, left: 2, running: 2 });
    subject.say('failed', a!);
    vi.advanceTimersByTime(300);
    Object.assign(tally, { failed: 2, left: 1, running: 1 });
    subject.say('failed', b!);
    vi.advanceTimersByTime(5000);
    expect(said.map(({ at, lines }) => ({ at, count: lines.length, first: lines[0] }))).toEqual([
      { at: 0, count: 1, first: 'Uploading 3 files' },
      { at: 1000, count: 2, first: expect.stringMatching(/^a\.bin failed/) },
    ]);
    expect(said[1]!.lines[1]).toMatch(/^b\.bin failed/);
  });
});

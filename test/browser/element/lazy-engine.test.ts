import { describe, expect, it } from 'vitest';
import { engineChunk } from '../../../src/queue/item/load-engine.ts';
import { isUploadError } from '../../../src/index.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { mount, nextEvent, reachStatus, recordEvents, rowOf } from './support/fixture.ts';

// The element loads the engine as a chunk of its own (src/queue/item/load-engine.ts). Here that
// load is held until the test lets it go, and its first attempt fails as a lost chunk would.
const chunk = (() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release, failures: 0, loads: 0 };
})();
const realLoad = engineChunk.load;
engineChunk.load = async () => {
  chunk.loads++;
  await chunk.released;
  if (chunk.failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
  return realLoad();
};

/** Lets the pending frames and microtasks run, so anything that would start has started. */
const settle = async (element: HTMLElement & { updateComplete: Promise<boolean> }) => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await element.updateComplete;
  }
};

describe('<resumable-upload> while its engine loads', () => {
  it('a failed load fails the files waiting for it with a network error on their rows; Retry loads it again and they finish', async () => {
    chunk.failures = 1;
    const element = await mount({ multiple: true, concurrency: '2' });
    const log = recordEvents(element);
    const files = [patternFile(QUANTUM, 'a.bin'), patternFile(QUANTUM + 7, 'b.bin')];
    const items = element.addFiles(files);
    await settle(element);
    // Waiting for the engine: listed in their order, nothing sent, the form told they are under way.
    expect(items.map((item) => item.status)).toEqual(['starting', 'starting']);
    expect(element.validity.customError).toBe(true);

    chunk.release();
    await reachStatus(element, items[0]!, 'failed');
    await reachStatus(element, items[1]!, 'failed');
    for (const item of items) {
      expect(isUploadError(item.error) && item.error.code).toBe('network');
      expect(item.upload).toBeUndefined();
    }
    const row = await rowOf(element, items[0]!);
    expect(row.querySelector('[part=status]')?.textContent?.replace(/[\u2068\u2069]/g, '')).toBe('Failed: the connection kept failing');
    expect(log).toEqual(['upload-add:a.bin', 'upload-add:b.bin', 'upload-error:a.bin', 'upload-error:b.bin']);
    expect(element.validity.customError).toBe(false);

    const loadsBefore = chunk.loads;
    const successes = [nextEvent(element, 'upload-success', (e) => e.detail.file === files[0]), nextEvent(element, 'upload-success', (e) => e.detail.file === files[1])];
    element.startAll(); // retries the failed files
    const results = await Promise.all(successes);
    expect(chunk.loads).toBeGreaterThan(loadsBefore);
    for (const [index, { detail }] of results.entries()) await expectStored(detail.result, files[index]!);
  });
});

import { describe, expect, it } from 'vitest';
import { patternFile } from '../support/files.ts';
import type { UploadItem } from '../../../src/element.ts';
import { mount, reachStatus, shadow } from './support/fixture.ts';

const rows = (element: HTMLElement) => element.shadowRoot!.querySelectorAll('[part~="list"] > li');
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Counts how often the rows read each file's name: a row that renders reads it. */
function countNameReads(files: File[]): Map<File, number> {
  const reads = new Map<File, number>();
  for (const file of files) {
    const name = file.name;
    reads.set(file, 0);
    Object.defineProperty(file, 'name', { get: () => (reads.set(file, reads.get(file)! + 1), name) });
  }
  return reads;
}

/** Every item of `items` whose properties anything reads from now on: the list, the summary, the form, the queue. */
function watchVisits(items: readonly UploadItem[]): Set<UploadItem> {
  const visited = new Set<UploadItem>();
  for (const item of items) {
    for (const key of ['id', 'file', 'relativePath', 'status', 'upload', 'bytesCommitted', 'bytesPerSecond', 'secondsLeft', 'retryAt', 'result', 'error'] as const) {
      const read = Object.getOwnPropertyDescriptor(item, key) ?? Object.getOwnPropertyDescriptor(Object.getPrototypeOf(item), key)!;
      Object.defineProperty(item, key, {
        configurable: true,
        get() {
          visited.add(item);
          return read.get ? read.get.call(item) : read.value;
        },
      });
    }
  }
  return visited;
}

/** The rows whose content or attributes change from now on. */
function watchRows(element: HTMLElement): { rows: Set<string>; stop(): void } {
  const changed = new Set<string>();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target.nodeType === Node.ELEMENT_NODE ? (record.target as Element) : record.target.parentElement;
      const row = node?.closest('li');
      if (row) changed.add(row.dataset.item ?? '');
    }
  });
  observer.observe(element.shadowRoot!.querySelector('[part~="list"]')!, { subtree: true, childList: true, attributes: true, characterData: true });
  return { rows: changed, stop: () => observer.disconnect() };
}

describe('<resumable-upload> with many files', () => {
  // Counted, not timed: a loaded machine cannot make it pass or fail.
  it('does work per event and per frame for the file that changed only, with 10 files as with 1,000', async () => {
    const visitedOthers: number[] = [];
    for (const count of [10, 1000]) {
      const element = await mount({ multiple: true, auto: 'false', name: 'files' });
      const files = Array.from({ length: count }, (_, i) => patternFile(10, `file-${i}.bin`));
      const items = element.addFiles(files);
      while (rows(element).length < count) await nextFrame();
      await element.updateComplete;
      const target = items[count - 1]!;
      const visited = watchVisits(items.slice(0, -1));
      const changedRows = watchRows(element);
      let frames = 0;
      const counting = () => requestAnimationFrame(() => (frames++, target.status !== 'done' && counting()));
      counting();
      target.start();
      await reachStatus(element, target, 'done');
      await nextFrame();
      await element.updateComplete;
      changedRows.stop();
      expect(frames).toBeGreaterThan(1);
      expect([...changedRows.rows]).toEqual([target.id]);
      visitedOthers.push(visited.size);
      const counts = [...shadow(element).querySelectorAll('[part~=summary-counts] bdi')].map((bdi) => bdi.textContent?.replace(/[\u2066-\u2069]/g, ''));
      expect(counts).toEqual(['1 done', `${count - 1} left`]);
      element.remove();
    }
    expect(visitedOthers).toEqual([0, 0]);
  });

  it('does not search the list for thumbnail cells on each frame while an image row off screen uploads', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = Array.from({ length: 1000 }, (_, i) => patternFile(10, `photo-${i}.png`, 'image/png'));
    const items = element.addFiles(files);
    while (rows(element).length < files.length) await nextFrame();
    for (let frame = 0; frame < 5; frame++) await nextFrame();
    const root = element.shadowRoot!;
    const search = root.querySelectorAll.bind(root);
    let searches = 0;
    root.querySelectorAll = ((selectors: string) => (searches++, search(selectors))) as typeof root.querySelectorAll;
    const target = items.at(-1)!;
    target.start();
    await reachStatus(element, target, 'done');
    await nextFrame();
    await element.updateComplete;
    expect(searches).toBe(0);
  });

  it('renders only the row of the file that changed, not its 99 neighbours', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = Array.from({ length: 100 }, (_, i) => patternFile(10 + i, `file-${i}.bin`));
    const items = element.addFiles(files);
    while (rows(element).length < files.length) await nextFrame();
    const reads = countNameReads(files);
    items[0]!.start();
    await reachStatus(element, items[0]!, 'done');
    await element.updateComplete;
    expect(reads.get(files[0]!)).toBeGreaterThan(0);
    const others = files.slice(1).reduce((sum, file) => sum + reads.get(file)!, 0);
    expect(others).toBe(0);
    expect(shadow(element).querySelector(`[data-item=${items[0]!.id}]`)?.getAttribute('data-status')).toBe('done');
  });

  it('renders again every row when the language changes', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    element.addFiles([patternFile(10, 'a.bin'), patternFile(10, 'b.bin')]);
    await element.updateComplete;
    element.strings = { ready: 'Waiting for Start' };
    await element.updateComplete;
    expect([...rows(element)].map((row) => row.querySelector('[part=status]')?.textContent)).toEqual(['Waiting for Start', 'Waiting for Start']);
  });

  it('shows 1,000 files added at once over a few frames, in order, instead of in one long task', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`));
    element.addFiles(files);
    await element.updateComplete;
    const first = rows(element).length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(1000);
    let frames = 0;
    while (rows(element).length < 1000 && frames++ < 600) await nextFrame();
    expect([...rows(element)].map((row) => row.querySelector('[part=name]')?.textContent)).toEqual(files.map((file) => file.name));
    // Rows removed make room: a second batch again grows from what is on screen.
    element.cancelAll();
    for (const item of element.items) item.remove();
    await element.updateComplete;
    expect(rows(element)).toHaveLength(0);
  });
});

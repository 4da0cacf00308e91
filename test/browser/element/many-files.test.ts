import { describe, expect, it } from 'vitest';
import { patternFile } from '../support/files.ts';
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

describe('<resumable-upload> with many files', () => {
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

import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { patternFile } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import type { UploadItem } from '../../../src/element.ts';
import { mount, reachStatus, rowOf, scrollToRow, shadow, summaryOf } from './support/fixture.ts';

const rows = (element: HTMLElement) => [...element.shadowRoot!.querySelectorAll<HTMLLIElement>('[part~="list"] > li')];
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const waitFrames = async (count: number) => {
  for (let frame = 0; frame < count; frame++) await nextFrame();
};
const placeOf = (row: Element) => Number(row.getAttribute('aria-posinset'));
/** The row drawn at this height of the screen. */
const rowAt = (element: HTMLElement, y: number) => element.shadowRoot!.elementFromPoint(innerWidth / 2, y)?.closest('li') ?? null;

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
      await waitFrames(3);
      await element.updateComplete;
      const target = items[5]!;
      const visited = watchVisits(items.filter((item) => item !== target));
      const changedRows = watchRows(element);
      // Frames are counted from the start to two after the last event: work done per frame would show in
      // them however few frames the upload itself spans (WebKit may finish it within one).
      let frames = 0;
      let counting = true;
      const countFrames = () => requestAnimationFrame(() => counting && (frames++, countFrames()));
      countFrames();
      target.start();
      await reachStatus(element, target, 'done');
      await waitFrames(2);
      await element.updateComplete;
      counting = false;
      changedRows.stop();
      expect(frames).toBeGreaterThan(1);
      expect([...changedRows.rows]).toEqual([target.id]);
      visitedOthers.push(visited.size);
      const counts = [...(await summaryOf(element)).querySelectorAll('[part~=summary-counts] bdi')].map((bdi) => bdi.textContent?.replace(/[\u2066-\u2069]/g, ''));
      expect(counts).toEqual(['1 done', `${count - 1} left`]);
      element.remove();
    }
    expect(visitedOthers).toEqual([0, 0]);
  });

  it('does not search the list for thumbnail cells on each frame while an image row off screen uploads', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = Array.from({ length: 1000 }, (_, i) => patternFile(10, `photo-${i}.png`, 'image/png'));
    const items = element.addFiles(files);
    await waitFrames(5);
    const target = items.at(-1)!;
    expect(rows(element).some((row) => row.dataset.item === target.id)).toBe(false);
    const root = element.shadowRoot!;
    const search = root.querySelectorAll.bind(root);
    let searches = 0;
    root.querySelectorAll = ((selectors: string) => (searches++, search(selectors))) as typeof root.querySelectorAll;
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
    await waitFrames(3);
    await element.updateComplete;
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

  it('renders a window of rows around the screen for 1,000 files, each saying its place in the whole list', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`));
    element.addFiles(files);
    await element.updateComplete;
    await waitFrames(2);
    await element.updateComplete;
    const list = shadow(element).querySelector('[part~=list]')!;
    /** The rows rendered are consecutive, each named as its place says, and cover the part of the list on screen. */
    const expectWindow = () => {
      const shown = rows(element);
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(60);
      const first = placeOf(shown[0]!);
      expect(shown.map(placeOf)).toEqual(shown.map((_, i) => first + i));
      expect(shown.map((row) => row.querySelector('[part=name]')?.textContent)).toEqual(shown.map((row) => `file-${placeOf(row) - 1}.bin`));
      expect(shown.every((row) => row.getAttribute('aria-setsize') === '1000')).toBe(true);
      const { top, bottom } = list.getBoundingClientRect();
      expect(shown[0]!.getBoundingClientRect().top).toBeLessThanOrEqual(Math.max(top, 0) + 1);
      expect(shown.at(-1)!.getBoundingClientRect().bottom).toBeGreaterThanOrEqual(Math.min(bottom, innerHeight) - 1);
      return shown;
    };
    const atStart = expectWindow();
    expect(placeOf(atStart[0]!)).toBe(1);
    // The list is as tall as its 1,000 rows, so the page scrolls as far as with every row rendered.
    expect(list.getBoundingClientRect().height).toBeGreaterThan(900 * atStart[0]!.getBoundingClientRect().height);

    for (const index of [500, 999, 250]) {
      await scrollToRow(element, index);
      await waitFrames(2);
      await element.updateComplete;
      expectWindow();
      const middle = rowAt(element, innerHeight / 3 + 30);
      expect(Math.abs(placeOf(middle!) - 1 - index)).toBeLessThanOrEqual(6);
    }
    // Rows down to the bottom of the screen, where the summary (sticky) begins.
    const summaryTop = (await summaryOf(element)).getBoundingClientRect().top;
    expect(rowAt(element, Math.min(innerHeight, summaryTop) - 1)).not.toBeNull();
  });

  it('keeps the page where it was scrolled when the rows rendered change: at the bottom, it stays there', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    element.addFiles(Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    await element.updateComplete;
    await waitFrames(2);
    await element.updateComplete;
    scrollTo(0, document.documentElement.scrollHeight);
    const bottom = scrollY;
    expect(bottom).toBeGreaterThan(0);
    await waitFrames(3);
    await element.updateComplete;
    expect(scrollY).toBe(bottom);
    expect(placeOf(rows(element).at(-1)!)).toBe(1000);
  });

  it('keeps a focused row while it is scrolled away, and Tab goes on from row to row past the rows rendered', async () => {
    // Held by the server, so the upload started from far away is still under way when paused (done, its
    // Pause button would go and the focus move to its Remove, bringing the row into view).
    const element = await mount({ multiple: true, auto: 'false' }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 500, times: 1000 }])));
    const items = element.addFiles(Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    const start = (await rowOf(element, items[2]!)).querySelector<HTMLButtonElement>('[data-action=start]')!;
    start.focus();
    await scrollToRow(element, 700);
    await waitFrames(2);
    await element.updateComplete;
    expect(start.isConnected).toBe(true);
    expect(shadow(element).activeElement).toBe(start);
    const shown = rows(element);
    expect(shown.length).toBeLessThan(62);
    // In its place in the list's order, with the rows before and after it (for Shift+Tab and Tab).
    expect(shown.slice(0, 3).map(placeOf)).toEqual([2, 3, 4]);
    expect(placeOf(shown[3]!)).toBeGreaterThan(600);
    await userEvent.keyboard('{Enter}'); // still works from far away
    await element.updateComplete;
    expect(items[2]!.status).not.toBe('ready');
    items[2]!.pause();

    // The focus leaves: the row kept for it goes.
    (shadow(element).activeElement as HTMLElement).blur();
    await waitFrames(2);
    await element.updateComplete;
    expect(rows(element).some((row) => row.dataset.item === items[2]!.id)).toBe(false);

    // Tab from the last row rendered reaches the next ones, which come as the page follows the focus.
    const last = rows(element).at(-1)!;
    last.querySelector<HTMLButtonElement>('[data-action=cancel]')!.focus();
    for (let step = 1; step <= 3; step++) {
      await waitFrames(2);
      await userEvent.keyboard('{Tab}');
      await element.updateComplete;
      const focused = shadow(element).activeElement;
      expect(focused?.getAttribute('data-action')).toBe('start');
      expect(placeOf(focused!.closest('li')!)).toBe(placeOf(last) + step);
      await userEvent.keyboard('{Tab}');
    }
    await userEvent.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    expect(placeOf(shadow(element).activeElement!.closest('li')!)).toBe(placeOf(last) + 2);
  });

  it('after scrolling a screenful at a time away from a focused row, Tab goes to the next row of the list, in view, and on row by row', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const items = element.addFiles(Array.from({ length: 500 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    (await rowOf(element, items[4]!)).querySelector<HTMLButtonElement>('[data-action=cancel]')!.focus();
    // Keyboard scrolling is animated (Chromium, WebKit): the page comes to rest before the next key, as
    // for a person. WebKit starts a page from where an animation still running has got to.
    const atRest = async () => {
      for (let still = 0, last = -1; still < 5; still = scrollY === last ? still + 1 : 0, last = scrollY) await nextFrame();
      await element.updateComplete;
    };
    for (let page = 0; page < 25; page++) {
      await userEvent.keyboard('{PageDown}');
      await atRest();
    }
    expect(placeOf(rowAt(element, innerHeight / 2)!)).toBeGreaterThan(100);
    const inView = (control: Element) => {
      const box = control.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight;
    };
    // Each Tab: the next control in the list's order, on screen.
    const path: string[] = [];
    for (let step = 0; step < 6; step++) {
      await userEvent.keyboard('{Tab}');
      await waitFrames(2);
      await element.updateComplete;
      const focused = shadow(element).activeElement!;
      path.push(`${placeOf(focused.closest('li')!)} ${focused.getAttribute('data-action')}`);
      expect(inView(focused), path.at(-1)).toBe(true);
    }
    expect(path).toEqual(['6 start', '6 cancel', '7 start', '7 cancel', '8 start', '8 cancel']);
    await userEvent.keyboard('{Shift>}{Tab}{Tab}{Tab}{/Shift}');
    await waitFrames(2);
    const back = shadow(element).activeElement!;
    expect(`${placeOf(back.closest('li')!)} ${back.getAttribute('data-action')}`).toBe('7 start');
    expect(inView(back)).toBe(true);
  }, 240_000); // 25 keyboard pages, each waited out to rest: the longest test here, minutes on a busy machine

  it('with a focused row scrolled far away, Shift+Tab reaches the row before it, in view', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const items = element.addFiles(Array.from({ length: 500 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    (await rowOf(element, items[4]!)).querySelector<HTMLButtonElement>('[data-action=start]')!.focus();
    await scrollToRow(element, 300);
    await waitFrames(2);
    await element.updateComplete;
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await waitFrames(2);
    await element.updateComplete;
    const focused = shadow(element).activeElement!;
    expect(`${placeOf(focused.closest('li')!)} ${focused.getAttribute('data-action')}`).toBe('4 cancel');
    const box = focused.getBoundingClientRect();
    expect(box.top >= 0 && box.bottom <= innerHeight).toBe(true);
  });

  it('says the new place and length on every row rendered when files leave before the window or are added while it is scrolled', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const items = element.addFiles(Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    await scrollToRow(element, 500);
    await waitFrames(2);
    await element.updateComplete;
    const before = rows(element);
    items[3]!.remove();
    items[4]!.remove();
    element.addFiles([patternFile(10, 'late-0.bin'), patternFile(10, 'late-1.bin'), patternFile(10, 'late-2.bin')]);
    await element.updateComplete;
    await waitFrames(2);
    await element.updateComplete;
    const shown = rows(element);
    expect(shown.filter((row) => before.includes(row)).length).toBeGreaterThan(5); // the same rows, now in other places
    expect(shown.every((row) => row.getAttribute('aria-setsize') === '1001')).toBe(true);
    expect(shown.map((row) => row.querySelector('[part=name]')?.textContent)).toEqual(shown.map((row) => element.items[placeOf(row) - 1]!.file.name));
  });

  it('keeps a focused row above or below the window, with its neighbours, in its place in the order and on screen, and the list as tall as ever', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const items = element.addFiles(Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    await element.updateComplete;
    await waitFrames(2);
    await element.updateComplete;
    const list = shadow(element).querySelector('[part~=list]')!;
    const rowHeight = rows(element)[0]!.getBoundingClientRect().height;
    const height = list.getBoundingClientRect().height;
    const settled = async () => {
      await waitFrames(2);
      await element.updateComplete;
    };
    // Focused near the end, then the list scrolled back to its start: the row stays, after the window.
    (await rowOf(element, items[900]!)).querySelector<HTMLButtonElement>('[data-action=start]')!.focus();
    await settled();
    scrollTo(0, 0);
    await settled();
    let shown = rows(element);
    expect(placeOf(shown[0]!)).toBe(1);
    expect(shown.slice(-3).map(placeOf)).toEqual([900, 901, 902]);
    expect(placeOf(shown.at(-4)!)).toBeLessThan(100);
    expect(shadow(element).activeElement?.closest('li')).toBe(shown.at(-2));
    // Drawn at its own place: as far below the first row as 900 rows are tall.
    const pitch = (shown[1]!.getBoundingClientRect().top - shown[0]!.getBoundingClientRect().top);
    expect(Math.abs(shown.at(-2)!.getBoundingClientRect().top - shown[0]!.getBoundingClientRect().top - 900 * pitch)).toBeLessThan(pitch / 2);
    expect(Math.abs(list.getBoundingClientRect().height - height)).toBeLessThan(rowHeight / 2);
    // The focus moves to a row of the window (a click, Shift+Tab): the row kept for it goes.
    shown[1]!.querySelector<HTMLButtonElement>('[data-action=start]')!.focus();
    await settled();
    expect(rows(element).map(placeOf)).not.toContain(901);
    // Focused near the start of a list just shown, then scrolled far down: the row stays, before the window.
    element.remove();
    scrollTo(0, 0);
    const again = await mount({ multiple: true, auto: 'false' });
    again.addFiles(Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`)));
    await again.updateComplete;
    await waitFrames(2);
    await again.updateComplete;
    const againList = shadow(again).querySelector('[part~=list]')!;
    const againHeight = againList.getBoundingClientRect().height;
    rows(again)[1]!.querySelector<HTMLButtonElement>('[data-action=start]')!.focus();
    await scrollToRow(again, 600);
    await waitFrames(2);
    await again.updateComplete;
    shown = rows(again);
    expect(shown.slice(0, 3).map(placeOf)).toEqual([1, 2, 3]);
    expect(placeOf(shown[3]!)).toBeGreaterThan(500);
    expect(Math.abs(againList.getBoundingClientRect().height - againHeight)).toBeLessThan(rowHeight / 2);
  });
  it("renders the rows of a scroll box in another component's shadow root that slots the element, as it scrolls", async () => {
    // <scroll-panel> shows its light DOM in a box of its own that scrolls: a scroll event there
    // reaches neither the page nor the element's light-DOM ancestors.
    if (!customElements.get('scroll-panel')) {
      customElements.define('scroll-panel', class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<div part="box" style="overflow:auto;height:300px"><slot></slot></div>';
        }
      });
    }
    const panel = document.createElement('scroll-panel');
    document.body.prepend(panel);
    try {
      const element = await mount({ multiple: true, auto: 'false' });
      panel.append(element);
      element.addFiles(Array.from({ length: 1000 }, (_, i) => patternFile(10, `file-${i}.bin`)));
      await element.updateComplete;
      await waitFrames(2);
      await element.updateComplete;
      const box = panel.shadowRoot!.querySelector<HTMLElement>('[part=box]')!;
      for (const fraction of [0.5, 1]) {
        box.scrollTop = fraction * (box.scrollHeight - box.clientHeight);
        await waitFrames(3);
        await element.updateComplete;
        // Rendered rows around the box's middle and its bottom (or the list's, below which the element
        // shows its other parts): no blank space where rows belong.
        const { top, bottom } = box.getBoundingClientRect();
        const listBottom = shadow(element).querySelector('[part~=list]')!.getBoundingClientRect().bottom;
        for (const y of [(top + bottom) / 2, Math.min(bottom, listBottom) - 2]) {
          const shown = rows(element).map((row) => row.getBoundingClientRect());
          expect(shown.some((row) => row.top <= y) && shown.some((row) => row.bottom >= y)).toBe(true);
        }
      }
      expect(placeOf(rows(element).at(-1)!)).toBe(1000);
    } finally {
      panel.remove();
    }
  });
});

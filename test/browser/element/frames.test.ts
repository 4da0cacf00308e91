import { describe, expect, it } from 'vitest';
import { cdp, server } from 'vitest/browser';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { mount, shadow } from './support/fixture.ts';
import { until } from '../../support/until.ts';

/** Counts animation frames as they happen. */
function frameClock(): { readonly now: number; stop(): void } {
  let frame = 0;
  let running = true;
  const tick = () => {
    frame++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    get now() {
      return frame;
    },
    stop: () => (running = false),
  };
}

/** Records the frame of every render of the element. */
function countRenders(element: ResumableUploadElement, clock: { readonly now: number }): number[] {
  const frames: number[] = [];
  const target = element as unknown as { render(): unknown };
  const render = target.render;
  target.render = function (this: unknown) {
    frames.push(clock.now);
    return render.call(this);
  };
  return frames;
}

/** Makes the element render once and gives the clock's time at that render: the clock can then be held there. */
async function renderTime(element: ResumableUploadElement): Promise<number> {
  const target = element as unknown as { render(): unknown };
  const render = target.render;
  let at: number | undefined;
  target.render = function (this: unknown) {
    at = performance.now();
    return render.call(this);
  };
  element.requestUpdate();
  await element.updateComplete;
  target.render = render;
  return at!;
}

// Layouts are counted by Chromium's DevTools protocol; Firefox tells a page no such count, so there
// the test proves the batching of renders alone.
const countsLayouts = server.browser === 'chromium';

async function layoutCount(): Promise<number> {
  const { metrics } = await cdp().send('Performance.getMetrics');
  return metrics.find((metric: { name: string }) => metric.name === 'LayoutCount')!.value;
}

describe('<resumable-upload> with 100 files', () => {
  it('renders at most once per animation frame and lays out at most once per frame, however many events arrive', async () => {
    if (countsLayouts) await cdp().send('Performance.enable');
    const element = await mount({ multiple: true, concurrency: '100', 'chunk-size': String(QUANTUM) });
    const clock = frameClock();
    const renders = countRenders(element, clock);
    const eventFrames: number[] = [];
    element.addEventListener('upload-progress', () => eventFrames.push(clock.now));
    element.addEventListener('upload-start', () => eventFrames.push(clock.now));
    const layoutsBefore = countsLayouts ? await layoutCount() : 0;
    const startFrame = clock.now;

    // All 100 share six connections, so the first is done only near the end: wait for the hundredth
    // success, not for each file within a deadline of its own (a busy machine took more than 30 s).
    let successes = 0;
    const allDone = new Promise<void>((resolve) => element.addEventListener('upload-success', () => ++successes === 100 && resolve()));
    const items = element.addFiles(Array.from({ length: 100 }, (_, i) => patternFile(2 * QUANTUM + i, `file-${i}.bin`)));
    await allDone;
    await element.updateComplete;
    const frames = clock.now - startFrame;
    const layouts = countsLayouts ? (await layoutCount()) - layoutsBefore : undefined;
    clock.stop();

    const perFrame = (frames: readonly number[]) => {
      const counts = new Map<number, number>();
      for (const frame of frames) counts.set(frame, (counts.get(frame) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    expect(perFrame(renders)).toBe(1);
    // Hundreds of engine events, and frames that saw several: there one render per event would show.
    expect(eventFrames.length).toBeGreaterThanOrEqual(300);
    expect(perFrame(eventFrames)).toBeGreaterThan(1);
    if (layouts !== undefined) {
      // One layout per rendered frame: rendering never reads layout between writes (a few spare for the page itself).
      expect(layouts).toBeLessThanOrEqual(renders.length + 3);
      expect(layouts).toBeLessThanOrEqual(frames);
    }
    // A list of 100 renders the rows around the screen: each of them shows its file done.
    expect(items.every((item) => item.status === 'done')).toBe(true);
    const shown = [...shadow(element).querySelectorAll('[part~=list] > li')];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((row) => row.getAttribute('data-status') === 'done')).toBe(true);
  });

  it('while files upload, renders changes no sooner than 100 ms after the last render, on a frame', async () => {
    // A file that stays under way: its options never come.
    const element = await mount({ multiple: true }, (el) => (el.prepare = () => new Promise(() => {})));
    const [item] = element.addFiles([patternFile(10, 'held.bin')]);
    await element.updateComplete;
    expect(item!.status).toBe('starting');
    // The clock held still at a render's own moment: every change from now on is within 100 ms of it.
    const at = await renderTime(element);
    const clock = frameClock();
    const renders = countRenders(element, clock);
    const now = performance.now.bind(performance);
    let shift = 0;
    performance.now = () => at + shift;
    try {
      for (let frame = 0; frame < 10; frame++) {
        element.requestUpdate();
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      expect(renders).toEqual([]);
      shift = 100;
      await element.updateComplete;
      expect(renders).toHaveLength(1);
      // Nothing under way: a change renders at the next frame.
      performance.now = now;
      element.cancelAll();
      await element.updateComplete;
      const frameBefore = clock.now;
      element.requestUpdate();
      await element.updateComplete;
      expect(renders.at(-1)).toBeLessThanOrEqual(frameBefore + 1);
    } finally {
      performance.now = now;
      clock.stop();
    }
  });

  it('while files upload, draws the first rows once their code is in, not 100 ms after the first render', async () => {
    // Files that stay under way (their options never come).
    const element = await mount({ multiple: true }, (el) => (el.prepare = () => new Promise(() => {})));
    const target = element as unknown as { render(): unknown };
    const render = target.render;
    const now = performance.now.bind(performance);
    // The first render with the files (it asks for the rows' code) holds the clock at its own moment:
    // from then on a change of the uploads waits, and only drawing the rows as they come shows them.
    target.render = function (this: unknown) {
      const at = now();
      performance.now = () => at;
      target.render = render;
      return render.call(this);
    };
    try {
      element.addFiles(Array.from({ length: 3 }, (_, i) => patternFile(10, `held-${i}.bin`)));
      await until(() => shadow(element).querySelectorAll('[part~=list] > li').length === 3, 'the three rows drawn');
      expect(element.items.every((item) => item.status === 'starting')).toBe(true);
    } finally {
      performance.now = now;
      target.render = render;
    }
  });

  it('while files upload, a scroll and a click on an action draw on the next frame, not 100 ms later', async () => {
    // Files that stay under way (their options never come), more than a window of rows.
    const element = await mount({ multiple: true }, (el) => (el.prepare = () => new Promise(() => {})));
    element.addFiles(Array.from({ length: 30 }, (_, i) => patternFile(10, `held-${i}.bin`)));
    await element.updateComplete;
    const at = await renderTime(element);
    const clock = frameClock();
    const renders = countRenders(element, clock);
    const now = performance.now.bind(performance);
    performance.now = () => at; // held at a render's own moment: every change from now on is within 100 ms of it
    const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    try {
      element.requestUpdate();
      await nextFrames();
      expect(renders).toEqual([]); // a change of the uploads waits
      window.dispatchEvent(new Event('scroll'));
      await nextFrames();
      expect(renders).toHaveLength(1);
      const cancel = shadow(element).querySelector<HTMLButtonElement>('[data-action=cancel]');
      expect(cancel).not.toBeNull();
      cancel!.click();
      await nextFrames();
      expect(renders).toHaveLength(2);
      expect(element.items.filter((item) => item.status === 'cancelled')).toHaveLength(1);
    } finally {
      performance.now = now;
      clock.stop();
    }
  });

  it('still renders in a hidden tab, where no animation frame comes', async () => {
    const element = await mount({ auto: 'false' });
    const requestFrame = window.requestAnimationFrame;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    window.requestAnimationFrame = () => 0; // a hidden tab runs no frames
    try {
      element.addFiles([patternFile(10, 'background.bin')]);
      await element.updateComplete;
      expect(shadow(element).querySelectorAll('li')).toHaveLength(1);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      window.requestAnimationFrame = requestFrame;
    }
  });
});

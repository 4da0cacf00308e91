// What every page of the many-files bench measures, the same way for each contender.

export interface ManyFilesRun {
  /** From the call to the last file stored. */
  totalMs: number;
  /** From the hand-over to a frame whose screen (or file box) is full of rows; the widgets only. */
  rowsMs?: number;
  /** How long the call that hands the files over took; the widgets only. */
  addMs?: number;
  /** The longest main-thread task (Long Tasks API: those over 50 ms; 0 when none). */
  longestTaskMs: number;
  /** Frames per second while uploading, and the longest frame. */
  fps: number;
  longestFrameMs: number;
  done: number;
}

/** `count` files of `bytes` bytes each, distinct contents (so no two share a fingerprint). */
export function makeFiles(count: number, bytes: number): File[] {
  return Array.from({ length: count }, (_, index) => {
    const body = new Uint8Array(bytes);
    new DataView(body.buffer).setUint32(0, index);
    return new File([body], `file-${String(index).padStart(5, '0')}.bin`, { type: 'application/octet-stream' });
  });
}

/** Counts frames and long tasks from `start()` to `stop()`. */
export function watchMainThread() {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let frames = 0;
  let longestFrame = 0;
  let last = performance.now();
  const started = last;
  let running = true;
  const tick = (now: number) => {
    if (!running) return;
    frames++;
    longestFrame = Math.max(longestFrame, now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
      observer.disconnect();
      const seconds = (performance.now() - started) / 1000;
      return { longestTaskMs: longest, fps: frames / seconds, longestFrameMs: longestFrame };
    },
  };
}

/** Waits for a frame in which `ready()` holds, checked after each frame's rendering. */
export function frameWhen(ready: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

/** Rows on screen: every file has its row, or the last row rendered reaches the bottom of `box` (the screen by default). */
export function rowsFill(rows: () => ArrayLike<Element>, count: number, box?: () => Element | null): () => boolean {
  return () => {
    const list = rows();
    const last = list[list.length - 1];
    const bottom = box?.()?.getBoundingClientRect().bottom ?? innerHeight;
    return list.length >= count || (last !== undefined && last.getBoundingClientRect().bottom >= bottom);
  };
}

/**
 * The page has loaded and had a second to itself: a person picks files some time after a page
 * appears, not in the instant its script ran, so what a page does once it is idle (the element
 * fetches its rows' and transports' code) is done before the files come, for every contender alike.
 */
export const settled = new Promise<void>((resolve) => {
  const afterLoad = () => setTimeout(() => (globalThis.requestIdleCallback ?? setTimeout)(() => resolve(), { timeout: 1000 }), 1000);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
});

/**
 * A page opened by the bench without automation (bench/many-files.ts: no DevTools protocol, so the
 * browser spends nothing reporting each request) runs the call named in its address's hash: it says
 * it is ready, waits for the bench's go, runs, and posts its figures back.
 */
export function runWhenOrdered<Order>(run: (order: Order) => Promise<ManyFilesRun>): void {
  const order = new URLSearchParams(location.hash.slice(1)).get('run');
  if (!order) return;
  void (async () => {
    await settled;
    const go = await fetch('/__bench/ready', { method: 'POST' });
    if (!go.ok) throw new Error(`The bench answered ${go.status} to ready`);
    let figures: ManyFilesRun | { error: string };
    try {
      figures = await run(JSON.parse(order) as Order);
    } catch (error) {
      figures = { error: String(error) }; // said to the bench, which stops with it
    }
    await fetch('/__bench/result', { method: 'POST', body: JSON.stringify(figures) });
  })();
}

import type { CDPSession } from 'playwright';
import { pssByProcess, roleOf, sumPss, type Pss } from './processes.ts';

/** Reads the page's used JS heap in bytes. */
export type HeapReader = () => Promise<number>;

/** Chromium's, through its DevTools protocol; Firefox has no such reading for a page (its peak heap is reported as –). */
export function cdpHeapReader(cdp: CDPSession): HeapReader {
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
}

export interface MemoryPeaks {
  /** The browser's whole process tree before the upload: all PSS, and its anonymous + shmem part. */
  pssBefore: number;
  pssOwnBefore: number;
  /** Highest PSS seen during the upload minus the value before; `pssOwnGrowth` of the anon + shmem part. */
  pssGrowth: number;
  pssOwnGrowth: number;
  /** Highest JSHeapUsedSize of the page seen during the upload; NaN where the browser has no reading of it. */
  peakHeap: number;
  samples: number;
  /** At the anon + shmem peak, the processes that grew most (spawned ones count whole). */
  peakBy: { role: string; bytes: number; spawned: boolean }[];
}

/** Samples the browser's PSS and the page's JS heap every `everyMs` until `stop()` (once or more) resolves the peaks. */
export function sampleMemory(rootPid: number, heap: HeapReader | undefined, everyMs: number): { stop(): Promise<MemoryPeaks> } {
  const before = pssByProcess(rootPid);
  const start: Pss = sumPss(before);
  const peak: Pss = { ...start };
  let atOwnPeak = before;
  let peakHeap = heap ? 0 : NaN;
  let samples = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const sample = async () => {
    const now = pssByProcess(rootPid);
    const sum = sumPss(now);
    peak.all = Math.max(peak.all, sum.all);
    if (sum.own > peak.own) [peak.own, atOwnPeak] = [sum.own, now];
    if (heap) peakHeap = Math.max(peakHeap, await heap().catch(() => 0));
    samples++;
  };
  const tick = () => {
    inFlight = sample().finally(() => {
      if (timer !== undefined) timer = setTimeout(tick, everyMs);
    });
  };
  timer = setTimeout(tick, 0);
  let stopped: Promise<MemoryPeaks> | undefined;
  const finish = async (): Promise<MemoryPeaks> => {
    clearTimeout(timer);
    timer = undefined;
    await inFlight;
    await sample(); // the state at the very end counts too
    const peakBy = [...atOwnPeak]
      .map(([pid, pss]) => ({ role: roleOf(pid), bytes: pss.own - (before.get(pid)?.own ?? 0), spawned: !before.has(pid) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 3);
    return {
      pssBefore: start.all,
      pssOwnBefore: start.own,
      pssGrowth: peak.all - start.all,
      pssOwnGrowth: peak.own - start.own,
      peakHeap,
      samples,
      peakBy,
    };
  };
  return { stop: () => (stopped ??= finish()) };
}

import { readFileSync } from 'node:fs';
import type { CDPSession } from 'playwright';
import { processParents } from './browser.ts';

/** The process and all its descendants. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of processParents()) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function pssOf(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** Proportional set size of the whole browser (every Chromium process), in bytes. */
export function browserPss(rootPid: number): number {
  return processTree(rootPid).reduce((sum, pid) => sum + pssOf(pid), 0);
}

export async function jsHeapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
}

export interface MemoryPeaks {
  pssBefore: number;
  /** Highest PSS seen during the upload minus `pssBefore`. */
  pssGrowth: number;
  /** Highest JSHeapUsedSize of the page seen during the upload. */
  peakHeap: number;
  samples: number;
}

/** Samples the browser's PSS and the page's JS heap every `everyMs` until `stop()` (once or more) resolves the peaks. */
export function sampleMemory(rootPid: number, cdp: CDPSession, everyMs: number): { stop(): Promise<MemoryPeaks> } {
  const pssBefore = browserPss(rootPid);
  let peakPss = pssBefore;
  let peakHeap = 0;
  let samples = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const sample = async () => {
    peakPss = Math.max(peakPss, browserPss(rootPid));
    peakHeap = Math.max(peakHeap, await jsHeapUsed(cdp).catch(() => 0));
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
    return { pssBefore, pssGrowth: peakPss - pssBefore, peakHeap, samples };
  };
  return { stop: () => (stopped ??= finish()) };
}

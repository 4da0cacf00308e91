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

/** Proportional set size of each Chromium process (the browser and all its descendants), in bytes. */
export function browserPssByProcess(rootPid: number): Map<number, number> {
  return new Map(processTree(rootPid).map((pid) => [pid, pssOf(pid)]));
}

const total = (byProcess: Map<number, number>) => [...byProcess.values()].reduce((sum, pss) => sum + pss, 0);

/** The process's role from Chromium's `--type=` switch (renderer, gpu-process, utility, zygote); none: the browser. */
function roleOf(pid: number): string {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const type = /--type=(\S+)/.exec(commandLine)?.[1] ?? 'browser';
    const service = /--utility-sub-type=(\S+)/.exec(commandLine)?.[1];
    return service ? `${type} ${service}` : type;
  } catch {
    return 'gone';
  }
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
  /** At the PSS peak, the processes that grew most (new ones count whole): where a peak comes from. */
  peakBy: { role: string; bytes: number }[];
}

/** Samples the browser's PSS and the page's JS heap every `everyMs` until `stop()` (once or more) resolves the peaks. */
export function sampleMemory(rootPid: number, cdp: CDPSession, everyMs: number): { stop(): Promise<MemoryPeaks> } {
  const before = browserPssByProcess(rootPid);
  const pssBefore = total(before);
  let peakPss = pssBefore;
  let atPeak = before;
  let peakHeap = 0;
  let samples = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const sample = async () => {
    const now = browserPssByProcess(rootPid);
    if (total(now) > peakPss) [peakPss, atPeak] = [total(now), now];
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
    const peakBy = [...atPeak]
      .map(([pid, pss]) => ({ role: roleOf(pid), bytes: pss - (before.get(pid) ?? 0) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 3);
    return { pssBefore, pssGrowth: peakPss - pssBefore, peakHeap, samples, peakBy };
  };
  return { stop: () => (stopped ??= finish()) };
}

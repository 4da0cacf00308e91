import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { processTree, roleOf } from './processes.ts';

// /proc counts CPU time in clock ticks (USER_HZ); read once.
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User and system CPU time of one process so far, in ms; 0 for one that is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: utime and stime are the 12th and 13th fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** Chromium's processes that an upload keeps busy; every other helper is `other`. */
export const PROCESS_KINDS = ['renderer', 'browser', 'network', 'gpu', 'other'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

function kindOf(role: string): ProcessKind {
  if (role === 'renderer' || role === 'browser') return role;
  if (role.includes('NetworkService')) return 'network';
  return role === 'gpu-process' ? 'gpu' : 'other';
}

/**
 * Starts counting the CPU time the browser's processes and this Node process (the servers) spend;
 * `stop()` gives each, in ms, and the browser's by kind of process (a request costs the browser
 * process and the network service about as much as the page: the page's own work is the
 * renderer's). CPU time, unlike the clock, does not grow when other work shares the machine, so it
 * compares contenders on a busy machine too. A process that ends before `stop()` is not counted
 * (the bench keeps its page open until then).
 */
export function countCpu(browserPid: number): { stop(): { browserMs: number; serverMs: number; byKind: Record<ProcessKind, number> } } {
  const startedBrowser = new Map(processTree(browserPid).map((pid) => [pid, cpuMsOf(pid)]));
  const startedServer = process.cpuUsage();
  return {
    stop() {
      const byKind = Object.fromEntries(PROCESS_KINDS.map((kind) => [kind, 0])) as Record<ProcessKind, number>;
      for (const pid of processTree(browserPid)) byKind[kindOf(roleOf(pid))] += cpuMsOf(pid) - (startedBrowser.get(pid) ?? 0);
      const browserMs = PROCESS_KINDS.reduce((sum, kind) => sum + byKind[kind], 0);
      const { user, system } = process.cpuUsage(startedServer);
      return { browserMs, serverMs: (user + system) / 1000, byKind };
    },
  };
}

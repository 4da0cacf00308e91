import { readFileSync } from 'node:fs';
import { processParents } from './browser.ts';

/** The process and all its descendants. */
export function processTree(root: number): number[] {
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

export interface Pss {
  /** All of `Pss`. */
  all: number;
  /**
   * `Pss_Anon` + `Pss_Shmem`: heaps and shared-memory buffers, where bytes in transit would sit.
   * Leaves out `Pss_File` (Chromium's code and libraries), whose share moves whenever any other
   * Chromium on the machine starts or quits, and when the first upload maps in network code.
   */
  own: number;
}

const NONE: Pss = { all: 0, own: 0 };

function field(rollup: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup);
  return match ? Number(match[1]) * 1024 : 0;
}

export function pssOf(pid: number): Pss {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return { all: field(rollup, 'Pss'), own: field(rollup, 'Pss_Anon') + field(rollup, 'Pss_Shmem') };
  } catch {
    return NONE; // the process ended between listing and reading
  }
}

/** PSS of each of the browser's processes: the browser and all its descendants. */
export function pssByProcess(rootPid: number): Map<number, Pss> {
  return new Map(processTree(rootPid).map((pid) => [pid, pssOf(pid)]));
}

export function sumPss(byProcess: Map<number, Pss>): Pss {
  let all = 0;
  let own = 0;
  for (const pss of byProcess.values()) {
    all += pss.all;
    own += pss.own;
  }
  return { all, own };
}

/**
 * The process's role: Chromium's `--type=` switch (renderer, gpu-process, utility, zygote); Firefox's
 * process name (Isolated Web Co[ntent], Socket Process, RDD Process, …); WebKit's (WebKitWebProcess,
 * WebKitNetworkProcess); none of these: the browser.
 */
export function roleOf(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    if (command.startsWith('WebKit')) return command;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    if (commandLine.includes(' -contentproc')) return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const type = /--type=(\S+)/.exec(commandLine)?.[1] ?? 'browser';
    const service = /--utility-sub-type=(\S+)/.exec(commandLine)?.[1];
    return service ? `${type} ${service}` : type;
  } catch {
    return 'gone';
  }
}

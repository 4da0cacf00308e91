import { cpus, totalmem } from 'node:os';

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  chromium: string;
  node: string;
}

export function describeMachine(chromium: string): Machine {
  return {
    date: new Date().toISOString(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    chromium,
    node: process.version,
  };
}

export const machineLine = (m: Machine) =>
  `${m.date.slice(0, 10)}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Chromium ${m.chromium} headless, Node ${m.node}`;

import { cpus, totalmem } from 'node:os';

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  /** The browser's name and version, e.g. `Chromium 156.0.8078.79`. */
  browser: string;
  node: string;
}

export function describeMachine(browser: string): Machine {
  return {
    date: new Date().toISOString(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    browser,
    node: process.version,
  };
}

export const machineLine = (m: Machine) =>
  `${m.date.slice(0, 10)}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB RAM, ${m.browser}${m.browser.startsWith("WebKitGTK") ? " in Xvfb" : " headless"}, Node ${m.node}`;

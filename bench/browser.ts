import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';
import { chromiumArgs, chromiumExecutable } from '../test/support/chromium.ts';

export interface BenchBrowser {
  browser: Browser;
  /** The browser process; its descendants are the renderers, the GPU and network processes. */
  pid: number;
  version: string;
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Every live process id with its parent's. */
export function processParents(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) parents.set(pid, parent);
  }
  return parents;
}

/** Headless Chromium from the same path and flags as the tests; Playwright launches it as our child. */
export async function launchBrowser(): Promise<BenchBrowser> {
  const before = new Set(processParents().keys());
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs, headless: true });
  const children = [...processParents()].filter(([pid, parent]) => parent === process.pid && !before.has(pid));
  const pid = children.map(([child]) => child).find((child) => readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'chromium');
  if (pid === undefined) {
    await browser.close();
    throw new Error('Could not find the Chromium process among this process’s children');
  }
  return { browser, pid, version: browser.version() };
}

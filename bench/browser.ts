import { readdirSync, readFileSync } from 'node:fs';
import { chromium, firefox, type Browser, type LaunchOptions } from 'playwright';
import { browserExecutable, chromiumArgs, launchOptions, type Engine, type PlaywrightEngine } from '../test/support/browsers.ts';
import { chromiumExecutable } from '../test/support/chromium.ts';
import { launchWebKit, type BenchDriver } from './webkit.ts';

export interface BenchBrowser<B = Browser> {
  engine: Engine;
  /** Playwright's browser; for the speed bench, WebKitGTK's behind the calls it makes (webkit.ts). */
  browser: B;
  /** The browser process; its descendants are the renderers or content processes, GPU, network and utility processes. */
  pid: number;
  version: string;
  /** Name and version, for the report: `Chromium 156.0.8078.79`, `Firefox 153.7.0esr`, `WebKitGTK 2.50.6`. */
  label: string;
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

const commandOf = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim();

/**
 * The browser process started for us: Chromium is our child; Firefox is the child of its launcher
 * (test/support/firefox-bidi.mjs, a Node process that stands between Playwright and BiDi); WebKit's
 * MiniBrowser is the child of WebKitWebDriver.
 */
function findBrowserProcess(engine: Engine, before: Set<number>): number | undefined {
  const parents = processParents();
  const childrenOf = (parent: number) => [...parents].filter(([pid, of]) => of === parent && !before.has(pid)).map(([pid]) => pid);
  if (engine === 'chromium') return childrenOf(process.pid).find((pid) => commandOf(pid) === 'chromium');
  const grandchildren = childrenOf(process.pid).flatMap(childrenOf);
  if (engine === 'webkit') return grandchildren.find((pid) => commandOf(pid) === 'MiniBrowser');
  return grandchildren.find((pid) => commandOf(pid).startsWith('firefox'));
}

/**
 * Firefox as the tests launch it, but with its BiDi agent observing no request (see firefox-bidi.mjs):
 * observing one reads its whole body into a string in Firefox's parent process, memory and time a
 * user's Firefox does not spend on an upload.
 */
function firefoxOptions(): LaunchOptions {
  const options = launchOptions('firefox');
  return { ...options, env: { ...options.env, FIREFOX_BIDI_NETWORK: 'off' } };
}

/** Headless Chromium or Firefox ESR, from the same paths and flags as the tests. */
export function launchBrowser(engine: PlaywrightEngine = 'chromium'): Promise<BenchBrowser> {
  return launched(engine, () =>
    engine === 'chromium'
      ? chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs, headless: true })
      : firefox.launch({ ...firefoxOptions(), headless: true }),
  );
}

/** As `launchBrowser`, or WebKitGTK in an Xvfb of its own: for what asks only the calls of `BenchDriver`. */
export function launchAnyBrowser(engine: Engine): Promise<BenchBrowser<BenchDriver>> {
  if (engine !== 'webkit') return launchBrowser(engine);
  return launched(engine, async () => {
    const { driver, stopDriver } = await launchWebKit();
    return { ...driver, close: () => driver.close().finally(stopDriver) };
  });
}

async function launched<B extends BenchDriver>(engine: Engine, start: () => Promise<B>): Promise<BenchBrowser<B>> {
  const before = new Set(processParents().keys());
  const browser = await start();
  const pid = findBrowserProcess(engine, before);
  if (pid === undefined) {
    await browser.close();
    throw new Error(`Could not find the ${engine} process among this process’s descendants`);
  }
  const version = browser.version();
  // Debian's Firefox ESR reports its version without the suffix.
  const name = { chromium: 'Chromium', firefox: browserExecutable('firefox').includes('esr') ? 'Firefox ESR' : 'Firefox', webkit: 'WebKitGTK' }[engine];
  return { engine, browser, pid, version, label: `${name} ${version}` };
}

// WebKitGTK for the benchmark. Playwright cannot drive it, so its MiniBrowser is reached through
// WebKitWebDriver over classic WebDriver, as the browser tests reach it, behind the few calls of
// Playwright's that the benchmark makes.
import { remote } from 'webdriverio';
import { startWebKitDriver } from '../test/support/webkit-driver.ts';

/** What the benchmark asks of a page, the shape of Playwright's `Page`. */
export interface BenchPage {
  goto(url: string): Promise<unknown>;
  waitForFunction(predicate: () => boolean): Promise<unknown>;
  locator(selector: string): { setInputFiles(path: string): Promise<void> };
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface BenchContext {
  newPage(): Promise<BenchPage>;
  close(): Promise<void>;
}

export interface BenchDriver {
  newContext(): Promise<BenchContext>;
  close(): Promise<void>;
  version(): string;
}

/** An upload of a GiB may take minutes: the page's promise is awaited that long. */
const SCRIPT_TIMEOUT_MS = 30 * 60_000;

/** Forgets what the page's origin stored (IndexedDB, localStorage), as a fresh Playwright context would have none. */
async function forgetOrigin(): Promise<void> {
  localStorage.clear();
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name!);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

/**
 * One MiniBrowser for the whole run, so its process is the one whose memory is sampled. A context is
 * its one window: closing it clears what the origin stored and leaves the page.
 */
export async function launchWebKit(): Promise<{ driver: BenchDriver; stopDriver: () => void }> {
  const webDriver = await startWebKitDriver();
  try {
    const session = await remote({
      hostname: '127.0.0.1',
      port: webDriver.port,
      logLevel: 'warn',
      capabilities: { browserName: 'MiniBrowser', 'wdio:enforceWebDriverClassic': true },
    });
    await session.setTimeout({ script: SCRIPT_TIMEOUT_MS, pageLoad: 60_000 });
    const page: BenchPage = {
      goto: (url) => session.url(url),
      waitForFunction: (predicate) => session.waitUntil(() => session.execute(predicate), { timeout: 60_000, interval: 50 }),
      locator: (selector) => ({
        async setInputFiles(path) {
          // Classic WebDriver sets a file input's files by sending their paths as keys.
          const element = await session.findElement('css selector', selector);
          await session.elementSendKeys(Object.values(element)[0] as string, path);
        },
      }),
      // WebDriver's script runs the function with the arguments given and awaits what it returns.
      evaluate: (fn, arg) => session.execute(fn as never, arg) as never,
    };
    const driver: BenchDriver = {
      newContext: async () => ({
        newPage: async () => page,
        async close() {
          if ((await session.getUrl()).startsWith('http')) await session.execute(forgetOrigin);
          await session.url('about:blank');
        },
      }),
      close: () => session.deleteSession(),
      version: () => String(session.capabilities.browserVersion ?? ''),
    };
    return { driver, stopDriver: webDriver.stop };
  } catch (error) {
    webDriver.stop();
    throw error;
  }
}

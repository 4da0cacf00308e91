// A MiniBrowser of its own for each WebKit flow, and no faults left queued for the next upload.
import { inject } from 'vitest';
import { remote } from 'webdriverio';

/** Clears the faults queued for "the next upload started", then opens a new MiniBrowser over classic WebDriver. */
export async function freshBrowser(base: string): Promise<WebdriverIO.Browser> {
  const cleared = await fetch(`${base}/__control/faults`, { method: 'DELETE' });
  if (!cleared.ok) throw new Error(`Clearing the next upload's faults answered ${cleared.status}`);
  return remote({
    hostname: '127.0.0.1',
    port: inject('webKitDriverPort'),
    logLevel: 'warn',
    // A MiniBrowser that does not come up on a loaded machine leaves POST /session unanswered: asked
    // again, within the hook's 180 s, rather than once for WebdriverIO's default 120 s.
    connectionRetryTimeout: 50_000,
    connectionRetryCount: 2,
    capabilities: { browserName: 'MiniBrowser', 'wdio:enforceWebDriverClassic': true },
  });
}

// The background demo (demo/background.html): what every engine does with `background`, and the
// helpers the Background Fetch flows of e2e/background.spec.ts (Chromium's alone) share with it.
import { basename } from 'node:path';
import { flow, serverJson, serverPost, until, type Driver } from '../support/driver.ts';
import { uploader } from '../support/element-page.ts';
import { fileOnDisk } from '../support/files.ts';
import { until as waitFor } from '../../test/support/until.ts';

const MiB = 1024 * 1024;
export const SMALL = 48 * MiB;
export const CHUNK = 8 * MiB;

export interface SessionView {
  faultsApplied: Record<string, number>;
  committed: number;
  total: number | null;
  complete: boolean;
  bytesReceived: number;
  requests: { kind: string; contentRange: string | null; status: number; dropped?: boolean; authorized?: true }[];
}

export const session = (d: Driver, id: string) => serverJson<SessionView>(d, `/__control/sessions/${id}`);

/** Makes the page look hidden, as a switched-away tab is (headless tabs never become hidden), or visible again. */
export async function setHidden(d: Driver, hidden: boolean): Promise<void> {
  await d.evaluate((hidden) => {
    if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    else delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** What the demo's element showed, one entry per change: its first row, the background list, the live region. */
export interface Seen {
  status: string | null;
  part: string | null;
  text: string | null;
  buttons: (string | null)[];
  backgroundRows: number;
  said: string;
}

/** Starts recording every change of the demo element's first row, its background list and its live region. */
export async function recordElement(d: Driver): Promise<void> {
  await d.evaluate(() => {
    const root = document.getElementById('background')!.shadowRoot!;
    const seen: Seen[] = [];
    (window as unknown as { seen: Seen[] }).seen = seen;
    const record = () => {
      const row = root.querySelector('[part~=item]');
      const entry = {
        status: row?.getAttribute('data-status') ?? null,
        part: row?.getAttribute('part') ?? null,
        text: row?.querySelector('[part=status]')?.textContent ?? null,
        buttons: [...(row?.querySelectorAll('button') ?? [])].map((button) => button.getAttribute('aria-label')),
        backgroundRows: root.querySelectorAll('[part~=background-item]').length,
        said: root.querySelector('[role=status]')?.textContent?.trim() ?? '',
      };
      if (JSON.stringify(entry) !== JSON.stringify(seen.at(-1))) seen.push(entry);
    };
    new MutationObserver(record).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    record();
  });
}

export const seenOn = (d: Driver) => d.evaluate(() => (window as unknown as { seen: Seen[] }).seen);

/** The request that handed the rest of the file to the browser: one PUT to its end, longer than a chunk. */
export function handOffOf(view: SessionView, size: number) {
  return view.requests.find((entry) => {
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(entry.contentRange ?? '');
    return entry.kind === 'chunk' && range && Number(range[2]) === size - 1 && size - Number(range[1]) > CHUNK;
  });
}

/** Chooses `file` in the demo's element with fixed chunks, the server waiting a second before each answer. */
export async function startUpload(d: Driver, file: string, delayed = 100_000): Promise<string> {
  await serverPost(d, '/__control/faults', [{ kind: 'delay', ms: 1000, match: 'chunk', times: delayed }]);
  await d.evaluate((chunk) => ((document.getElementById('background') as HTMLElement & { chunkSize: number }).chunkSize = chunk), CHUNK);
  const element = uploader(d, 'background');
  await element.choose([file]);
  // Its row, the only one, by no name: a name with bidi controls is shown without them.
  await element.reaches('', 30);
  const sessionUri = await d.evaluate(() => {
    const element = document.getElementById('background') as HTMLElement & { items: { upload?: { sessionUri?: string } }[] };
    return element.items[0]?.upload?.sessionUri;
  });
  return new URL(sessionUri!).searchParams.get('upload_id')!;
}

/**
 * Waits until the server has just committed a chunk that `wanted` accepts (seen within a poll of
 * 20 ms of it): its answer is then held back for a second, so the page is still waiting for it.
 */
export async function answerPending(d: Driver, id: string, wanted: (committed: number) => boolean): Promise<SessionView> {
  let previous = (await session(d, id)).committed;
  return waitFor(
    async () => {
      const view = await session(d, id);
      const hit = view.committed !== previous && view.bytesReceived === view.committed && wanted(view.committed);
      previous = view.committed;
      return hit && view;
    },
    () => `the session committing a wanted chunk (it holds ${previous} bytes)`,
    20,
  );
}

export const backgroundFlows = [
  flow(
    'without Background Fetch (Firefox, WebKit; Chromium with the API taken away), a hidden page hands nothing off and sends every byte itself, once',
    async (d) => {
      const file = await fileOnDisk('background-48mib.bin', SMALL);
      const name = basename(file);
      await d.goto('/demo/background.html');
      // The worker is active, but the browser has no Background Fetch: the demo says so.
      await until(() => d.evaluate(() => document.documentElement.dataset.worker), (worker) => worker === 'no-background-fetch', 'the worker without Background Fetch');
      d.expect(await d.evaluate(() => 'BackgroundFetchManager' in window)).toBe(false);
      await d.evaluate(() => {
        const element = document.getElementById('background') as HTMLElement & { headers: unknown; prepare: unknown };
        element.headers = { Authorization: 'Bearer e2e-token' };
        element.prepare = () => ({ background: { headers: true } });
      });
      await recordElement(d);
      const id = await startUpload(d, file);
      await answerPending(d, id, (committed) => committed < SMALL);
      await setHidden(d, true);

      const successes = () => d.evaluate(() => [...document.querySelectorAll('#log li[data-event=upload-success]')].map((entry) => entry.textContent ?? ''));
      const [success] = await until(successes, (entries) => entries.length > 0, 'the upload done');
      d.expect(await successes()).toHaveLength(1);
      d.expect(success).toContain(name);
      d.expect(success).not.toContain('finished in the background');
      const view = await session(d, id);
      d.expect(view.complete).toBe(true);
      // Every byte went once, in the page's own chunks: nothing was handed off.
      d.expect(view.bytesReceived).toBe(SMALL);
      d.expect(handOffOf(view, SMALL)).toBeUndefined();
      d.expect(view.requests.filter((entry) => entry.kind === 'chunk')).toHaveLength(SMALL / CHUNK);
      d.expect((await seenOn(d)).map((entry) => entry.status)).not.toContain('background');
    },
  ),
];

import { expect, test, type Page } from './support/test.ts';
import { basename } from 'node:path';
import { answerPending, backgroundFlows, CHUNK, handOffOf, recordElement, seenOn, session, setHidden, SMALL, startUpload } from './flows/background.ts';
import type { Driver } from './support/driver.ts';
import { fileOnDisk, sha256OfFile } from './support/files.ts';
import { catchFileChoosers, playwrightDriver } from './support/playwright-driver.ts';
import { until } from '../test/support/until.ts';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
/** Background Fetch is Chromium's alone: flows that need it carry this tag, which Firefox's project leaves out (playwright.config.ts). */
const NEEDS_BACKGROUND_FETCH = { tag: '@background-fetch' };

async function openDemo(page: Page, query = ''): Promise<void> {
  await page.goto(`/demo/background.html${query}`);
  // The worker is active and the browser has Background Fetch: hand-offs can happen.
  await expect(page.locator('html[data-worker=background-fetch]')).toHaveCount(1);
}

/**
 * Uploads with an `Authorization` header through the demo's element (on `endpoint` when given), hides
 * the page once a chunk's answer is pending, and returns the finished session with its hand-off.
 */
async function handOffWithAuthorization(page: Page, d: Driver, { optIn, endpoint }: { optIn: boolean; endpoint?: string }) {
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  await openDemo(page);
  await page.evaluate(({ optIn, endpoint }) => {
    const element = document.getElementById('background') as HTMLElement & { endpoint: string; headers: unknown; prepare: unknown };
    if (endpoint) element.endpoint = endpoint;
    element.headers = { Authorization: 'Bearer e2e-token' };
    if (optIn) element.prepare = () => ({ background: { headers: true } });
  }, { optIn, endpoint });
  const id = await startUpload(d, file);
  await answerPending(d, id, (committed) => committed < SMALL);
  await setHidden(d, true);
  await expect.poll(async () => (await session(d, id)).complete).toBe(true);
  const view = await session(d, id);
  const handOff = handOffOf(view, SMALL);
  expect(handOff?.status).toBe(201);
  return { view, handOff };
}

test('closing the tab at 30 % hands the rest to the browser; the next visit shows it done, once', NEEDS_BACKGROUND_FETCH, async ({ page, request, context, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-200mib.bin', SIZE);
  const name = basename(file);
  await openDemo(page);
  const id = await startUpload(d, file);
  // Close while a chunk's answer is pending (its bytes are in): the hand-off starts after that chunk.
  const before = await answerPending(d, id, (committed) => committed < SIZE);
  // As a person's close: the browser runs beforeunload, then unloads.
  await page.close({ runBeforeUnload: true });

  // No page is open: the browser sends the rest, and the server completes the object.
  await expect.poll(async () => (await session(d, id)).complete).toBe(true);
  const after = await session(d, id);
  const handOff = after.requests.filter((entry) => entry.kind === 'chunk' && entry.contentRange?.endsWith(`-${SIZE - 1}/${SIZE}`));
  expect(handOff.at(-1)?.status).toBe(201);
  // Nothing was sent twice beyond the chunk in flight when the tab closed.
  expect(after.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  expect(before.committed).toBeGreaterThan(0);

  const again = await context.newPage();
  await openDemo(again);
  const success = again.locator('#log li[data-event=upload-success]');
  await expect(success).toHaveCount(1);
  await expect(success).toContainText(`${name} · finished in the background`);
  await expect(again.locator('#background [part~=background-item] [part=status]')).toHaveText('Uploaded in the background');
  await expect(again.locator('#background [part~=interrupted-item]')).toHaveCount(0);
  const fileId = (await success.getAttribute('data-file-id'))!;
  const stored = await request.get(`/__files/${fileId}`);
  const { createHash } = await import('node:crypto');
  expect(createHash('sha256').update(await stored.body()).digest('hex')).toBe(await sha256OfFile(file));

  // The record went with the event: a third visit reports nothing again.
  await again.reload();
  await expect(again.locator('html[data-worker=background-fetch]')).toHaveCount(1);
  await expect(again.locator('#background [part~=background-item]')).toHaveCount(0);
  await expect(again.locator('#log li[data-event=upload-success]')).toHaveCount(0);
});

test('a hand-off the server drops mid-way: the next visit resumes from the server offset, at most one chunk resent', NEEDS_BACKGROUND_FETCH, async ({ page, request, context, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-200mib.bin', SIZE);
  const name = basename(file);
  await openDemo(page);
  // Ten chunks wait a second for their answer; the tenth's answer is pending when the tab closes.
  const id = await startUpload(d, file, 10);
  const handOffAt = (await answerPending(d, id, (committed) => committed === 10 * CHUNK)).committed;
  // The next request of the session is the hand-off: the server cuts it after 20 MiB and a bit.
  await request.post(`/__control/sessions/${id}/faults`, { data: [{ kind: 'reset', match: 'chunk', afterBytes: 20 * MiB + 100_000 }] });
  // As a person's close: the browser runs beforeunload, then unloads.
  await page.close({ runBeforeUnload: true });

  await expect
    .poll(async () => (await session(d, id)).requests.some((entry) => entry.dropped && entry.contentRange === `bytes ${handOffAt}-${SIZE - 1}/${SIZE}`))
    .toBe(true);
  const dropped = await session(d, id);
  expect(dropped.complete).toBe(false);
  expect(dropped.committed).toBe(handOffAt + 20 * MiB);

  const again = catchFileChoosers(await context.newPage());
  await openDemo(again);
  const interrupted = again.locator('#background [part~=interrupted-item]');
  await expect(interrupted).toHaveCount(1);
  await expect(again.locator('#background [part~=background-item]')).toHaveCount(0);
  const chooser = again.waitForEvent('filechooser');
  await interrupted.getByRole('button', { name: `Choose again to resume ${name}` }).click();
  await (await chooser).setFiles([file]);
  const success = again.locator('#log li[data-event=upload-success]');
  await expect(success).toHaveCount(1);

  const done = await session(d, id);
  expect(done.complete).toBe(true);
  // The visit asked the session first (the interrupted row for its figure, the upload before it went
  // on), then went on from its offset.
  const afterDrop = done.requests.slice(dropped.requests.length);
  const firstSent = afterDrop.findIndex((request) => request.kind !== 'query');
  expect(firstSent).toBeGreaterThan(0);
  expect(afterDrop[firstSent]?.contentRange).toMatch(new RegExp(`^bytes ${handOffAt + 20 * MiB}-`));
  expect(done.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  const fileId = (await success.getAttribute('data-file-id'))!;
  const stored = await request.get(`/__files/${fileId}`);
  const { createHash } = await import('node:crypto');
  expect(createHash('sha256').update(await stored.body()).digest('hex')).toBe(await sha256OfFile(file));
});

test('a tab switched away hands off and stays open: its row says so, it waits for the browser, then finishes through its own row, once', NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-200mib.bin', SIZE);
  const name = basename(file);
  await openDemo(page);
  await recordElement(d);
  const id = await startUpload(d, file);
  const handOffAt = (await answerPending(d, id, (committed) => committed < SIZE)).committed;
  await setHidden(d, true);

  // The row says the browser goes on with it, once taken: only Cancel is offered, and it is said once.
  const row = page.locator('#background [part~=item]');
  await expect(row).toHaveAttribute('data-status', 'background');
  // Visible again while the browser still sends: the file keeps its one row, none in the background list.
  await setHidden(d, false);
  await expect.poll(async () => (await session(d, id)).complete).toBe(true);
  const success = page.locator('#log li[data-event=upload-success]');
  await expect(success).toHaveCount(1);
  await expect(success).not.toContainText('finished in the background');
  await expect(success).toContainText(name);
  await expect(page.locator('#background [part~=item]')).toHaveAttribute('data-status', 'done');
  const seen = await seenOn(d);
  const handedOff = seen.filter((entry) => entry.status === 'background');
  expect(handedOff.length).toBeGreaterThan(0);
  for (const entry of handedOff) {
    expect(entry).toMatchObject({ part: 'item item-background', text: 'Continuing in the background', buttons: [`Cancel ${name}`] });
  }
  const statuses = seen.map((entry) => entry.status).filter((status, index, all) => status !== all[index - 1]);
  expect(statuses.filter((status) => status === 'background')).toHaveLength(1);
  expect(statuses.slice(statuses.indexOf('background') - 1)).toEqual(['uploading', 'background', 'done']);
  expect(seen.filter((entry, index) => entry.said !== seen[index - 1]?.said && entry.said.includes('continues in the background')).map((entry) => entry.said)).toEqual([
    `${name} continues in the background`,
  ]);
  expect(Math.max(...seen.map((entry) => entry.backgroundRows))).toBe(0);

  // One writer: after the hand-off the page sent nothing, not even a status query: the service
  // worker told it the server's final answer, which is the upload's result.
  const after = await session(d, id);
  const handOff = after.requests.findIndex((entry) => entry.contentRange === `bytes ${handOffAt}-${SIZE - 1}/${SIZE}`);
  expect(after.requests[handOff]?.status).toBe(201);
  expect(after.requests.slice(handOff + 1).map((entry) => entry.kind)).toEqual([]);
  expect(after.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  // The page kept no record behind: a new visit lists nothing.
  await page.reload();
  await expect(page.locator('html[data-worker=background-fetch]')).toHaveCount(1);
  await expect(page.locator('#background [part~=background-item], #background [part~=interrupted-item]')).toHaveCount(0);
});

for (const optIn of [false, true]) {
  test(`the upload's Authorization goes with the hand-off ${optIn ? 'with' : 'only with'} background: { headers: true }`, NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
    const d = playwrightDriver(page, baseURL!);
    const { view, handOff } = await handOffWithAuthorization(page, d, { optIn });
    // The page's own requests carried the header (the session is on the endpoint's origin)...
    const own = view.requests.filter((entry) => entry !== handOff);
    expect(own.length).toBeGreaterThan(2);
    for (const entry of own) expect(entry.authorized, JSON.stringify(entry)).toBe(true);
    // ...the request the browser sends on after the page let go carries it only when asked for.
    expect(handOff?.authorized).toBe(optIn ? true : undefined);
    await expect(page.locator('#log li[data-event=upload-success]')).toHaveCount(1);
  });
}

// The fallback, in every engine (e2e/flows/background.ts); in Chromium with the API taken away.
for (const { name, run } of backgroundFlows) {
  test(name, async ({ page, baseURL, browserName }) => {
    if (browserName === 'chromium') {
      await page.addInitScript(() => {
        delete (window as { BackgroundFetchManager?: unknown }).BackgroundFetchManager;
        delete (ServiceWorkerRegistration.prototype as { backgroundFetch?: unknown }).backgroundFetch;
      });
    }
    await run(playwrightDriver(page, baseURL!));
  });
}

test('a tab switched away while a chunk is being sent lets it finish, then hands off from what the server confirmed: nothing resent, no gap', NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  await openDemo(page);
  // The page's own requests go at 4 MiB/s (DevTools' throttling): a chunk's body takes two seconds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * MiB });
  const id = await startUpload(d, file);
  // Hidden while the server has part of the next chunk's body and the page sends the rest of it.
  const inFlight = await until(async () => {
    const view = await session(d, id);
    return view.committed < SMALL - CHUNK && view.bytesReceived - view.committed > MiB && view.bytesReceived - view.committed < CHUNK - 3 * MiB && view;
  }, 'a chunk in the middle of its body');
  await setHidden(d, true);

  const success = page.locator('#log li[data-event=upload-success]');
  await expect(success).toHaveCount(1);
  const view = await session(d, id);
  expect(view.complete).toBe(true);
  // The chunk in flight went on whole; the rest started where the server's answer to it said.
  const handOff = handOffOf(view, SMALL);
  expect(handOff).toMatchObject({ status: 201, contentRange: `bytes ${inFlight.committed + CHUNK}-${SMALL - 1}/${SMALL}` });
  expect(view.requests.filter((entry) => entry.status === 400 || entry.dropped)).toEqual([]);
  expect(view.bytesReceived).toBe(SMALL);
});

test('a tab shown again before the chunk in flight was answered hands nothing off: the page sends every byte itself, once', NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  await openDemo(page);
  await recordElement(d);
  const id = await startUpload(d, file);
  // Hidden and shown again while the server holds its answer to a chunk back (a second).
  await answerPending(d, id, (committed) => committed < SMALL - CHUNK);
  await setHidden(d, true);
  await setHidden(d, false);

  await expect(page.locator('#log li[data-event=upload-success]')).toHaveCount(1);
  const view = await session(d, id);
  expect(view.complete).toBe(true);
  expect(handOffOf(view, SMALL)).toBeUndefined();
  expect(view.requests.filter((entry) => entry.kind === 'chunk')).toHaveLength(SMALL / CHUNK);
  expect(view.bytesReceived).toBe(SMALL);
  expect((await seenOn(d)).map((entry) => entry.status)).not.toContain('background');
});

test("Cancel on a row handed to the browser stops the browser's request too", NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  const name = basename(file);
  await openDemo(page);
  // What the service worker tells the pages when the job ends.
  await page.evaluate(() => {
    const told: unknown[] = [];
    (window as unknown as { told: unknown[] }).told = told;
    new BroadcastChannel('resumable-upload:background').onmessage = ({ data }) => told.push(data);
  });
  const id = await startUpload(d, file);
  await answerPending(d, id, (committed) => committed < SMALL);
  await setHidden(d, true);
  const row = page.locator('#background [part~=item]');
  await expect(row).toHaveAttribute('data-status', 'background');
  await row.getByRole('button', { name: `Cancel ${name}` }).click();

  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(page.locator('#log li[data-event=upload-cancel]')).toHaveCount(1);
  // The worker heard the job was aborted (not that the server answered it), and the browser runs none.
  await expect.poll(() => page.evaluate(() => (window as unknown as { told: { outcome: unknown }[] }).told.map((message) => message.outcome))).toEqual([
    expect.objectContaining({ state: 'interrupted', reason: 'aborted' }),
  ]);
  expect(await page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { backgroundFetch: { getIds(): Promise<string[]> } }).backgroundFetch.getIds())).toEqual([]);
  expect((await session(d, id)).complete).toBe(false);
});

test("a shipped translation reaches the handed-off row and what is said (German)", NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  const name = basename(file);
  await openDemo(page, '?lang=de');
  await expect(page.locator('html[lang=de]')).toHaveCount(1);
  await recordElement(d);
  const id = await startUpload(d, file);
  await answerPending(d, id, (committed) => committed < SMALL);
  await setHidden(d, true);
  await expect(page.locator('#log li[data-event=upload-success]')).toHaveCount(1);

  const handedOff = (await seenOn(d)).filter((entry) => entry.status === 'background');
  expect(handedOff.length).toBeGreaterThan(0);
  for (const entry of handedOff) expect(entry).toMatchObject({ text: 'Wird im Hintergrund fortgesetzt', buttons: [`${name} abbrechen`] });
  expect((await seenOn(d)).map((entry) => entry.said)).toContain(`${name} wird im Hintergrund fortgesetzt`);
});

test('background: { headers: true } never sends the headers to a session on an origin that may not see them', NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  // The endpoint on uploads.localhost, the page on 127.0.0.1: the server takes no Host but localhost's
  // and loopback addresses, so its session URI names the address it was reached on (127.0.0.1), an
  // origin the upload's credentials are not for.
  const endpoint = `${baseURL!.replace('127.0.0.1', 'uploads.localhost')}/upload/demo/v1/files`;
  const { view } = await handOffWithAuthorization(page, d, { optIn: true, endpoint });
  // The start, on the endpoint's origin, carried them; nothing sent to the session did, the hand-off included.
  expect(view.requests[0]).toMatchObject({ kind: 'start', authorized: true });
  expect(view.requests.slice(1).filter((entry) => entry.authorized)).toEqual([]);
});

test("a row handed off through prepare alone (no background attribute) says so, as the attribute's rows do", NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  const name = basename(file);
  await openDemo(page);
  // An element without the attribute in the demo's place: only its `prepare` turns the option on.
  await page.evaluate(() => {
    const demo = document.getElementById('background')!;
    const element = document.createElement('resumable-upload') as HTMLElement & { prepare: unknown };
    element.setAttribute('endpoint', demo.getAttribute('endpoint')!);
    element.prepare = () => ({ background: true });
    demo.replaceWith(element);
    element.id = 'background';
  });
  await recordElement(d);
  const id = await startUpload(d, file);
  await answerPending(d, id, (committed) => committed < SMALL);
  await setHidden(d, true);
  const row = page.locator('#background [part~=item]');
  await expect(row).toHaveAttribute('data-status', 'background');
  await setHidden(d, false);
  await expect.poll(async () => (await session(d, id)).complete).toBe(true);
  await expect(row).toHaveAttribute('data-status', 'done');

  const handedOff = (await seenOn(d)).filter((entry) => entry.status === 'background');
  expect(handedOff.length).toBeGreaterThan(0);
  for (const entry of handedOff) {
    expect(entry).toMatchObject({ part: 'item item-background', text: 'Continuing in the background', buttons: [`Cancel ${name}`] });
  }
  expect((await seenOn(d)).map((entry) => entry.said)).toContain(`${name} continues in the background`);
});

test("the browser's progress UI names a file holding a right-to-left override without it, as the row does", NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  // `invoice` + U+202E + `fdp.exe` would read `invoiceexe.pdf`: a program passing for a PDF.
  const file = await fileOnDisk('invoice\u202Efdp.exe', SMALL);
  // What the page gives Background Fetch, seen on its way to the browser's own fetch().
  await page.addInitScript(() => {
    const titles: (string | undefined)[] = [];
    (window as unknown as { titles: typeof titles }).titles = titles;
    type Fetch = (this: unknown, id: string, requests: unknown, options?: { title?: string }) => Promise<unknown>;
    const manager = (globalThis as unknown as { BackgroundFetchManager?: { prototype: { fetch: Fetch } } }).BackgroundFetchManager;
    const browserFetch = manager?.prototype.fetch;
    if (manager && browserFetch) {
      manager.prototype.fetch = function (id, requests, options) {
        titles.push(options?.title);
        return browserFetch.call(this, id, requests, options);
      };
    }
  });
  await openDemo(page);
  await recordElement(d);
  const id = await startUpload(d, file);
  await answerPending(d, id, (committed) => committed < SMALL);
  await setHidden(d, true);
  await expect(page.locator('#background [part~=item]')).toHaveAttribute('data-status', 'background');
  expect(await page.evaluate(() => (window as unknown as { titles: unknown[] }).titles)).toEqual(['invoicefdp.exe']);
  await setHidden(d, false);
  await expect.poll(async () => (await session(d, id)).complete).toBe(true);
  const handedOff = (await seenOn(d)).filter((entry) => entry.status === 'background');
  expect(handedOff.length).toBeGreaterThan(0);
  for (const entry of handedOff) expect(entry.buttons).toEqual(['Cancel invoicefdp.exe']);
  expect((await seenOn(d)).map((entry) => entry.said)).toContain('invoicefdp.exe continues in the background');
});

test('a page hidden while its session starts hands off only once the record is written, however slow the store', NEEDS_BACKGROUND_FETCH, async ({ page, request, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const file = await fileOnDisk('background-48mib.bin', SMALL);
  // What happened in which order: the store's writes landing, the hand-offs to the browser.
  await page.addInitScript(() => {
    const order: string[] = [];
    (window as unknown as { order: string[] }).order = order;
    type Fetch = (this: unknown, id: string, requests: unknown, options?: unknown) => Promise<unknown>;
    const manager = (globalThis as unknown as { BackgroundFetchManager?: { prototype: { fetch: Fetch } } }).BackgroundFetchManager;
    const browserFetch = manager?.prototype.fetch;
    if (manager && browserFetch) {
      manager.prototype.fetch = function (id, requests, options) {
        order.push('hand-off');
        return browserFetch.call(this, id, requests, options);
      };
    }
  });
  await openDemo(page);
  // A store whose writes take 1.5 s (a busy disk): a reload or a closed tab resumes only what a written record names.
  await page.evaluate(() => {
    const order = (window as unknown as { order: string[] }).order;
    const records = new Map<string, unknown>();
    const store = {
      get: async (key: string) => records.get(key),
      set: async (record: { fingerprint: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        records.set(record.fingerprint, record);
        order.push('record written');
      },
      delete: async (key: string) => void records.delete(key),
      list: async () => [...records.values()],
      clear: async () => records.clear(),
    };
    (document.getElementById('background') as HTMLElement & { store: unknown }).store = store;
  });
  // The session's start is answered after two seconds: the page is hidden before it is (once the
  // upload watches for it, which it does before the start is sent).
  await request.post('/__control/faults', { data: [{ kind: 'delay', ms: 2000, match: 'start' }] });
  const chooser = page.waitForEvent('filechooser');
  await page.locator('#background [part=button]').click();
  await (await chooser).setFiles([file]);
  const row = page.locator('#background [part~=item]');
  await expect(row).toHaveAttribute('data-status', 'starting');
  await page.waitForTimeout(500);
  await setHidden(d, true);
  await expect(row).toHaveAttribute('data-status', 'background');
  const sessionUri = await page.evaluate(() => (document.getElementById('background') as HTMLElement & { items: { upload?: { sessionUri?: string } }[] }).items[0]?.upload?.sessionUri);
  const id = new URL(sessionUri!).searchParams.get('upload_id')!;
  await expect.poll(async () => (await session(d, id)).complete).toBe(true);

  // The browser's request for the whole file went only after the session's record was written, and
  // the record of the checksums a next visit compares with the file before going on.
  expect((await page.evaluate(() => (window as unknown as { order: string[] }).order)).slice(0, 3)).toEqual(['record written', 'record written', 'hand-off']);
  const view = await session(d, id);
  expect(handOffOf(view, SMALL)).toMatchObject({ status: 201, contentRange: `bytes 0-${SMALL - 1}/${SMALL}` });
  expect(view.bytesReceived).toBe(SMALL);
});

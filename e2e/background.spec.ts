import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { basename } from 'node:path';
import { fileOnDisk, sha256OfFile } from './support/files.ts';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
const CHUNK = 8 * MiB;

interface SessionView {
  faultsApplied: Record<string, number>;
  committed: number;
  total: number | null;
  complete: boolean;
  bytesReceived: number;
  requests: { kind: string; contentRange: string | null; status: number; dropped?: boolean }[];
}

async function openDemo(page: Page): Promise<void> {
  await page.goto('/demo/background.html');
  // The worker is active and the browser has Background Fetch: hand-offs can happen.
  await expect(page.locator('html[data-worker=background-fetch]')).toHaveCount(1);
}

/** Chooses `file` in the demo's element with fixed chunks, the server waiting a second before each answer. */
async function startUpload(page: Page, request: APIRequestContext, file: string, delayed = 100_000): Promise<string> {
  await request.post('/__control/faults', { data: [{ kind: 'delay', ms: 1000, match: 'chunk', times: delayed }] });
  await page.evaluate((chunk) => ((document.getElementById('background') as HTMLElement & { chunkSize: number }).chunkSize = chunk), CHUNK);
  const chooser = page.waitForEvent('filechooser');
  await page.locator('#background [part=button]').click();
  await (await chooser).setFiles([file]);
  const progress = page.locator('#background [part~=item] [role=progressbar]');
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);
  const sessionUri = await page.evaluate(() => {
    const element = document.getElementById('background') as HTMLElement & { items: { upload?: { sessionUri?: string } }[] };
    return element.items[0]?.upload?.sessionUri;
  });
  return new URL(sessionUri!).searchParams.get('upload_id')!;
}

async function session(request: APIRequestContext, id: string): Promise<SessionView> {
  return (await request.get(`/__control/sessions/${id}`)).json() as Promise<SessionView>;
}

/**
 * Waits until the server has just committed a chunk that `wanted` accepts (seen within a poll of
 * 20 ms of it): its answer is then held back for a second, so the page is still waiting for it.
 */
async function answerPending(request: APIRequestContext, id: string, wanted: (committed: number) => boolean): Promise<SessionView> {
  let previous = (await session(request, id)).committed;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const view = await session(request, id);
    if (view.committed !== previous && view.bytesReceived === view.committed && wanted(view.committed)) return view;
    previous = view.committed;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The session never committed a wanted chunk; it holds ${previous} bytes`);
}

test('closing the tab at 30 % hands the rest to the browser; the next visit shows it done, once', async ({ page, request, context }) => {
  const file = await fileOnDisk('background-200mib.bin', SIZE);
  const name = basename(file);
  await openDemo(page);
  const id = await startUpload(page, request, file);
  // Close while a chunk's answer is pending (its bytes are in): the hand-off starts after that chunk.
  const before = await answerPending(request, id, (committed) => committed < SIZE);
  // As a person's close: the browser runs beforeunload, then unloads.
  await page.close({ runBeforeUnload: true });

  // No page is open: the browser sends the rest, and the server completes the object.
  await expect.poll(async () => (await session(request, id)).complete, { timeout: 120_000 }).toBe(true);
  const after = await session(request, id);
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

test('a hand-off the server drops mid-way: the next visit resumes from the server offset, at most one chunk resent', async ({ page, request, context }) => {
  const file = await fileOnDisk('background-200mib.bin', SIZE);
  const name = basename(file);
  await openDemo(page);
  // Ten chunks wait a second for their answer; the tenth's answer is pending when the tab closes.
  const id = await startUpload(page, request, file, 10);
  const handOffAt = (await answerPending(request, id, (committed) => committed === 10 * CHUNK)).committed;
  // The next request of the session is the hand-off: the server cuts it after 20 MiB and a bit.
  await request.post(`/__control/sessions/${id}/faults`, { data: [{ kind: 'reset', match: 'chunk', afterBytes: 20 * MiB + 100_000 }] });
  // As a person's close: the browser runs beforeunload, then unloads.
  await page.close({ runBeforeUnload: true });

  await expect
    .poll(async () => (await session(request, id)).requests.some((entry) => entry.dropped && entry.contentRange === `bytes ${handOffAt}-${SIZE - 1}/${SIZE}`), {
      timeout: 60_000,
    })
    .toBe(true);
  const dropped = await session(request, id);
  expect(dropped.complete).toBe(false);
  expect(dropped.committed).toBe(handOffAt + 20 * MiB);

  const again = await context.newPage();
  await openDemo(again);
  const interrupted = again.locator('#background [part~=interrupted-item]');
  await expect(interrupted).toHaveCount(1, { timeout: 15_000 });
  await expect(again.locator('#background [part~=background-item]')).toHaveCount(0);
  const chooser = again.waitForEvent('filechooser');
  await interrupted.getByRole('button', { name: `Choose again to resume ${name}` }).click();
  await (await chooser).setFiles([file]);
  const success = again.locator('#log li[data-event=upload-success]');
  await expect(success).toHaveCount(1, { timeout: 120_000 });

  const done = await session(request, id);
  expect(done.complete).toBe(true);
  // The visit asked the session first, then went on from its offset.
  const afterDrop = done.requests.slice(dropped.requests.length);
  expect(afterDrop[0]?.kind).toBe('query');
  expect(afterDrop[1]?.contentRange).toMatch(new RegExp(`^bytes ${handOffAt + 20 * MiB}-`));
  expect(done.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  const fileId = (await success.getAttribute('data-file-id'))!;
  const stored = await request.get(`/__files/${fileId}`);
  const { createHash } = await import('node:crypto');
  expect(createHash('sha256').update(await stored.body()).digest('hex')).toBe(await sha256OfFile(file));
});

test('a tab switched away hands off and stays open: it waits for the browser, then finishes through its own row, once', async ({ page, request }) => {
  const file = await fileOnDisk('background-200mib.bin', SIZE);
  const name = basename(file);
  await openDemo(page);
  const id = await startUpload(page, request, file);
  const handOffAt = (await answerPending(request, id, (committed) => committed < SIZE)).committed;
  // Headless tabs never become hidden; the page is told so, as a switched-away tab is.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await expect.poll(async () => (await session(request, id)).complete, { timeout: 120_000 }).toBe(true);
  await page.evaluate(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const success = page.locator('#log li[data-event=upload-success]');
  await expect(success).toHaveCount(1, { timeout: 30_000 });
  await expect(success).not.toContainText('finished in the background');
  await expect(success).toContainText(name);
  await expect(page.locator('#background [part~=item]')).toHaveAttribute('data-status', 'done');

  // One writer: after the hand-off the page only asked the session where it stood.
  const after = await session(request, id);
  const handOff = after.requests.findIndex((entry) => entry.contentRange === `bytes ${handOffAt}-${SIZE - 1}/${SIZE}`);
  expect(after.requests[handOff]?.status).toBe(201);
  expect(after.requests.slice(handOff + 1).map((entry) => entry.kind)).toEqual(['query']);
  expect(after.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  // The page kept no record behind: a new visit lists nothing.
  await page.reload();
  await expect(page.locator('html[data-worker=background-fetch]')).toHaveCount(1);
  await expect(page.locator('#background [part~=background-item], #background [part~=interrupted-item]')).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import { basename } from 'node:path';
import { fileOnDisk, sha256OfFile } from './support/files.ts';
import { storedId, uploader } from './support/element-page.ts';

const MiB = 1024 * 1024;
const SIZE = 100 * MiB;
const CHUNK = 4 * MiB;

/** The session URI of the element's first listed upload, read from its public `items`. */
function sessionOf(page: Page, id: string): Promise<string | undefined> {
  return page.evaluate((id) => {
    const element = document.getElementById(id) as HTMLElement & { items: { upload?: { sessionUri?: string } }[] };
    return element.items[0]?.upload?.sessionUri;
  }, id);
}

test('a reload mid-upload lists the interrupted upload; choosing the file again goes on from the server offset', async ({ page, request }) => {
  const file = await fileOnDisk('element-recovery-100mib.bin', SIZE);
  const name = basename(file);
  await page.goto('/demo/');
  await page.selectOption('select[name=chunkSize]', String(CHUNK));
  await page.check('input[name=slow]');
  const element = uploader(page, 'default');
  await element.choose([file]);
  const progress = element.row(name).locator('[role=progressbar]');
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
  const session = (await sessionOf(page, 'default'))!;

  await page.reload();
  const interrupted = page.locator('#default [part~=interrupted-item]');
  await expect(interrupted).toHaveCount(1);
  await expect(interrupted.locator('[part=name]')).toHaveText(name);
  await expect(interrupted.locator('[part=status]')).toHaveText(/^Interrupted at \u2068\d+%\u2069: choose the file again to resume$/);
  // Every element on the same endpoint lists it, in its own language.
  await expect(page.locator('#rtl [part~=interrupted-item] [part=status]')).toContainText('متوقف شد');
  expect(await page.locator('#default [role=status]').textContent()).toContain('Some uploads were interrupted');

  const chooser = page.waitForEvent('filechooser');
  await interrupted.getByRole('button', { name: `Choose again to resume ${name}` }).click();
  await (await chooser).setFiles(file);
  await expect(interrupted).toHaveCount(0);
  await expect(element.row(name)).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  expect(await sessionOf(page, 'default')).toBe(session);

  const info = await (await request.get(`/__files/${await storedId(page, 'default', name)}/info`)).json();
  expect(info.sha256).toBe(await sha256OfFile(file));
  // The bytes the server had before the reload were not sent again (at most the chunk in flight).
  const log = await (await request.get(`/__control/sessions/${new URL(session).searchParams.get('upload_id')}`)).json();
  expect(log.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
});

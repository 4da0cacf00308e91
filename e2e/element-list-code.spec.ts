// The element's list has code of its own, fetched after the page's: a page whose server fails that
// fetch (offline a moment, or a new version deployed under the open page) still uploads, says why no
// row is drawn, and draws them once the code loads. Playwright's alone: it answers the page's requests
// itself, which classic WebDriver (WebKit's flows) cannot.
import { basename } from 'node:path';
import { test } from './support/test.ts';
import { serverJson, until, type Driver } from './support/driver.ts';
import { openDemo, storedId, uploader } from './support/element-page.ts';
import { fileOnDisk, sha256OfFile } from './support/files.ts';
import { playwrightDriver } from './support/playwright-driver.ts';
import type { Page } from '@playwright/test';

const SAID = 'error: <resumable-upload> could not load the code of its list';

/** Opens the demo with the list's code answered 404 while `failing.now`, uploads a file, and checks it arrived with no row drawn, said once. */
async function uploadWithNoList(page: Page, d: Driver) {
  const failing = { now: true, count: 0 };
  await page.route('**/rows-part-*.js', (route) => {
    if (!failing.now) return route.continue();
    failing.count += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  const file = await fileOnDisk('list-code-1mib.bin', 1024 * 1024);
  const name = basename(file);
  await openDemo(d);
  const element = uploader(d, 'default');
  await element.choose([file]);

  const info = await serverJson(d, `/__files/${await storedId(d, 'default', name)}/info`);
  d.expect(info.sha256).toBe(await sha256OfFile(file));
  d.expect(await element.rows('')).toEqual([]);
  const said = async () => (await d.reported()).filter((message) => message.startsWith(SAID));
  d.expect(await said()).toHaveLength(1);
  return { failing, element, name, said };
}

test("the list's code not found: the file uploads all the same, and the page is told why no row is drawn", async ({ page, baseURL }) => {
  await uploadWithNoList(page, playwrightDriver(page, baseURL!));
});

// Not in Firefox (playwright.config.ts): its ESR keeps a failed module fetch for the page's life.
test("the list's code not found, then found: asked for again, said once, the rows come when it loads", async ({ page, baseURL }) => {
  const d = playwrightDriver(page, baseURL!);
  const { failing, element, name, said } = await uploadWithNoList(page, d);
  // Asked for again after the upload (the other elements fetch it only once, at idle).
  const before = failing.count;
  await until(async () => failing.count, (count) => count > before, "the list's code asked for again");
  d.expect(await said()).toHaveLength(1);

  failing.now = false;
  d.expect((await element.status(name, 'done')).valuenow).toBe(100);
  d.expect(await said()).toHaveLength(1);
});

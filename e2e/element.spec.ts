import { expect, test, type APIRequestContext } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import path, { basename } from 'node:path';
import { fileOnDisk, sha256OfFile } from './support/files.ts';
import { emulateMedia } from './support/emulate-media.ts';
import { axeViolations, recordedProgress, recordProgress, storedId, uploader } from './support/element-page.ts';

const MiB = 1024 * 1024;

async function expectSameBytes(request: APIRequestContext, id: string, file: string, size: number) {
  const info = await (await request.get(`/__files/${id}/info`)).json();
  expect(info.size).toBe(String(size));
  expect(info.sha256).toBe(await sha256OfFile(file));
}

function expectRisingTo100(values: number[] | undefined) {
  expect(values?.length).toBeGreaterThan(1);
  expect(values!.every((value, i) => i === 0 || value >= values![i - 1]!)).toBe(true);
  expect(values!.at(-1)).toBe(100);
}

test('three files from disk: progress rises to 100%, one paused and resumed, one cancelled, bytes identical on the server', async ({ page, request }) => {
  const small = await fileOnDisk('element-3mib.bin', 3 * MiB + 17);
  const big = await fileOnDisk('element-100mib.bin', 100 * MiB);
  const other = await fileOnDisk('element-12mib.bin', 12 * MiB);
  await page.goto('/demo/');
  await page.selectOption('select[name=chunkSize]', '4194304');
  await page.check('input[name=slow]');
  await recordProgress(page, 'default');
  const element = uploader(page, 'default');
  // One at a time (the default is 4), so the third file waits in the queue while the big one uploads.
  await page.evaluate(() => ((document.getElementById('default') as HTMLElement & { concurrency: number }).concurrency = 1));

  await element.choose([small, big, other]);
  const bigRow = element.row(basename(big));
  const otherRow = element.row(basename(other));
  await expect(bigRow).toHaveAttribute('data-status', 'uploading', { timeout: 30_000 });
  await expect(otherRow).toHaveAttribute('data-status', 'queued');
  await expect.poll(async () => Number(await bigRow.locator('[role=progressbar]').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(10);

  await bigRow.getByRole('button', { name: `Pause ${basename(big)}` }).click();
  await expect(bigRow).toHaveAttribute('data-status', 'paused');
  await expect(bigRow.locator('[part=status]')).toHaveText('Paused');
  const pausedAt = await bigRow.locator('[role=progressbar]').getAttribute('aria-valuenow');

  // Its place went to the next file, which we cancel while it uploads.
  await expect(otherRow).toHaveAttribute('data-status', 'uploading');
  await otherRow.getByRole('button', { name: `Cancel ${basename(other)}` }).click();
  await expect(otherRow).toHaveAttribute('data-status', 'cancelled');
  await expect(otherRow.locator('[part=status]')).toHaveText('Cancelled');
  await expect(page.locator(`#log li[data-event=upload-cancel][data-file="${basename(other)}"]`)).toHaveCount(1);
  await page.waitForTimeout(700);
  await expect(bigRow).toHaveAttribute('data-status', 'paused');
  expect(await bigRow.locator('[role=progressbar]').getAttribute('aria-valuenow')).toBe(pausedAt);

  await bigRow.getByRole('button', { name: `Resume ${basename(big)}` }).click();
  await expect(bigRow).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
  await expect(bigRow.locator('[role=progressbar]')).toHaveAttribute('aria-valuetext', /^100%, /);

  const progress = await recordedProgress(page);
  expectRisingTo100(progress[basename(small)]);
  expectRisingTo100(progress[basename(big)]);
  expect(new Set(progress[basename(big)]).size).toBeGreaterThan(10);
  await expectSameBytes(request, await storedId(page, 'default', basename(small)), small, 3 * MiB + 17);
  await expectSameBytes(request, await storedId(page, 'default', basename(big)), big, 100 * MiB);
  await expect(page.locator(`#log li[data-event=upload-success][data-file="${basename(other)}"]`)).toHaveCount(0);
});

test('a flaky server surfaces as "Retrying in N s", then success with the same bytes', async ({ page, request }) => {
  const file = await fileOnDisk('element-flaky-5mib.bin', 5 * MiB + 3);
  await page.goto('/demo/');
  await page.selectOption('select[name=chunkSize]', '1048576');
  await page.check('input[name=flaky]');
  const element = uploader(page, 'default');
  await element.choose([file]);
  const row = element.row(basename(file));
  await expect(row).toHaveAttribute('data-status', 'retrying', { timeout: 30_000 });
  await expect(row.locator('[part=status]')).toHaveText(/^Retrying in \u2068\d+ sec\u2069$/);
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const id = await storedId(page, 'default', basename(file));
  await expectSameBytes(request, id, file, 5 * MiB + 3);
  const session = await (await request.get(`/__control/sessions/${id}`)).json();
  expect(session.requests.filter((r: { status: number }) => r.status === 503)).toHaveLength(2);
});

test('the whole flow with the keyboard alone', async ({ page, request }) => {
  const file = await fileOnDisk('element-keyboard-20mib.bin', 20 * MiB);
  await page.goto('/demo/');
  const focusedLabel = () =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      const label = active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : active?.textContent;
      return (active?.getAttribute('aria-label') ?? label ?? '').trim();
    });
  async function tabTo(label: string | RegExp) {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const current = await focusedLabel();
      if (typeof label === 'string' ? current === label : label.test(current)) return;
    }
    throw new Error(`Tab never reached ${label}`);
  }

  await tabTo(/^Slow network/);
  await page.keyboard.press('Space');
  await expect(page.locator('input[name=slow]')).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // chunk size: 1 MiB
  await expect(page.locator('select[name=chunkSize]')).toHaveValue('1048576');

  // Waiting for the chooser turns on Playwright's interception, which takes a round trip to the
  // browser: start before the key press, which is a single quick command.
  const chooser = page.waitForEvent('filechooser');
  await tabTo('Choose files');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  const row = uploader(page, 'default').row(basename(file));
  await expect(row).toHaveAttribute('data-status', 'uploading');

  await page.keyboard.press('Tab');
  expect(await focusedLabel()).toBe(`Pause ${basename(file)}`);
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('data-status', 'paused');
  expect(await focusedLabel()).toBe(`Resume ${basename(file)}`);
  await page.keyboard.press('Space');
  await expect(row).toHaveAttribute('data-status', /uploading|starting/);
  expect(await focusedLabel()).toBe(`Pause ${basename(file)}`);

  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expectSameBytes(request, await storedId(page, 'default', basename(file)), file, 20 * MiB);
  // The Pause button went with the upload, on its own: focus is on the row, not lost, and not on the
  // Remove that took Pause's place (a late Enter meant for Pause removes nothing); Tab reaches Remove.
  expect(await focusedLabel()).toMatch(new RegExp(`^${basename(file)}[\\s\\S]*Done`));
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(1);
  await page.keyboard.press('Tab');
  expect(await focusedLabel()).toBe(`Remove ${basename(file)} from the list`);
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  expect(await focusedLabel()).toBe('Choose files');
});

test('screenshots of the default, dark and RTL demo, without axe violations', async ({ page }, testInfo) => {
  const done = await fileOnDisk('quarterly-report.pdf', 2 * MiB);
  const long = await fileOnDisk('holiday-video-4k.mov', 60 * MiB);
  const text = await fileOnDisk('notes.txt', 1000);
  const persian = await fileOnDisk('گزارش-سالانه.pdf', 3 * MiB);
  await page.setViewportSize({ width: 1000, height: 1600 });
  await page.goto('/demo/');
  await page.selectOption('select[name=chunkSize]', '1048576');

  await uploader(page, 'default').choose([done]);
  await expect(uploader(page, 'default').row('quarterly-report.pdf')).toHaveAttribute('data-status', 'done');
  await page.check('input[name=slow]');
  await uploader(page, 'default').choose([long]);
  const longRow = uploader(page, 'default').row('holiday-video-4k.mov');
  await expect.poll(async () => Number(await longRow.locator('[role=progressbar]').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(5);
  await longRow.getByRole('button', { name: /^Pause/ }).click();
  await expect(longRow).toHaveAttribute('data-status', 'paused');
  await uploader(page, 'themed').choose([text, done]);
  await expect(uploader(page, 'themed').row('notes.txt')).toHaveAttribute('data-status', 'rejected');
  const persianLong = await fileOnDisk('فیلم-سفر.mp4', 40 * MiB);
  await uploader(page, 'rtl').choose([persian, persianLong]);
  await expect(uploader(page, 'rtl').row('گزارش-سالانه.pdf')).toHaveAttribute('data-status', /uploading|done/);
  await expect(uploader(page, 'themed').row('quarterly-report.pdf')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(uploader(page, 'rtl').row('گزارش-سالانه.pdf')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(uploader(page, 'rtl').row('گزارش-سالانه.pdf').locator('[part=status]')).toHaveText('انجام شد');
  const persianRow = uploader(page, 'rtl').row('فیلم-سفر.mp4');
  await expect.poll(async () => Number(await persianRow.locator('[role=progressbar]').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(5);
  await persianRow.getByRole('button', { name: 'توقف فیلم-سفر.mp4' }).click();
  await expect(persianRow).toHaveAttribute('data-status', 'paused');

  await page.screenshot({ path: testInfo.outputPath('default.png'), fullPage: true, animations: 'disabled' });
  expect(await axeViolations(page)).toEqual([]);
  await emulateMedia(page, { colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('dark.png'), fullPage: true, animations: 'disabled' });
  expect(await axeViolations(page)).toEqual([]);
  await emulateMedia(page, { colorScheme: 'light' });
  await page.locator('section.rtl').screenshot({ path: testInfo.outputPath('rtl.png'), animations: 'disabled' });
  // Forced colours (Windows high contrast): the bars stay visible (fill in Highlight, an edge on the
  // track) and the Choose button keeps its outline.
  await emulateMedia(page, { forcedColors: 'active' });
  const bar = uploader(page, 'default').row('holiday-video-4k.mov').locator('[role=progressbar]');
  const colours = await bar.evaluate((element) => {
    const fill = getComputedStyle(element.querySelector('.fill')!);
    const track = getComputedStyle(element);
    return { fill: fill.backgroundColor, track: track.backgroundColor, edge: track.borderTopColor, edgeStyle: track.borderTopStyle };
  });
  expect(colours.fill).not.toBe(colours.track);
  expect(colours.edgeStyle).toBe('solid');
  expect(colours.edge).not.toBe(colours.track);
  expect(await uploader(page, 'default').button.evaluate((button) => getComputedStyle(button).borderTopStyle)).toBe('solid');
  await page.locator('#default').screenshot({ path: testInfo.outputPath('forced-colors.png'), animations: 'disabled' });
  await emulateMedia(page, { forcedColors: 'none' });
  for (const name of ['default', 'dark', 'rtl', 'forced-colors']) await testInfo.attach(name, { path: testInfo.outputPath(`${name}.png`), contentType: 'image/png' });
});

test('npm start prints the server root: it answers with the demo', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.ok()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/demo/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('<resumable-upload>');
});

test('the demo speaks every shipped language from its menu, right to left where the language is', async ({ page }) => {
  await page.goto('/demo/');
  const options = await page.locator('#page-lang option').evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
  expect(options).toEqual(expect.arrayContaining(['en', 'ar', 'de', 'fa', 'he', 'ja', 'pt-BR', 'zh-CN']));
  expect(options.length).toBeGreaterThanOrEqual(19);
  await page.selectOption('#page-lang', 'de');
  await expect(uploader(page, 'default').button).toHaveText('Dateien auswählen');
  await page.selectOption('#page-lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(uploader(page, 'default').button).toHaveText('اختر ملفات');
});

test('a folder chosen in the form: Send is refused while files upload, then sends each file id', async ({ page }) => {
  const folder = path.join(import.meta.dirname, '.files', 'holiday');
  await mkdir(path.join(folder, 'day-1'), { recursive: true });
  await writeFile(path.join(folder, 'day-1', 'beach.jpg'), Buffer.alloc(3 * MiB, 1));
  await writeFile(path.join(folder, 'notes.txt'), Buffer.alloc(2000, 2));
  await page.goto('/demo/');
  await page.check('input[name=slow]');
  const form = uploader(page, 'form-uploader');
  await form.choose([folder]);
  await expect(form.row('beach.jpg')).toHaveAttribute('data-status', /starting|uploading/);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('#submitted')).toBeEmpty();
  expect(await form.host.evaluate((element) => (element as HTMLElement & { validationMessage: string }).validationMessage)).not.toBe('');
  await expect(form.row('beach.jpg')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(form.row('notes.txt')).toHaveAttribute('data-status', 'done');
  await expect(form.host.locator('[part~=summary-counts]')).toContainText(/\u20682\u2069 done/);
  await page.getByRole('button', { name: 'Send' }).click();
  const ids = [await storedId(page, 'form-uploader', 'beach.jpg'), await storedId(page, 'form-uploader', 'notes.txt')];
  const sent = await page.locator('#submitted').textContent();
  expect(sent).toContain('subject=Holiday photos');
  for (const id of ids) expect(sent).toContain(`attachments=${id}`);
});

test('screenshots at a 390 px phone width: one line per figure, a long name one text cut at its end', async ({ page }, testInfo) => {
  const long = await fileOnDisk('quarterly-report-of-the-northern-region-sales-team-2026-final-v3.pdf', 40 * MiB);
  const small = await fileOnDisk('photo.jpg', 2 * MiB);
  await page.setViewportSize({ width: 390, height: 1200 });
  await page.goto('/demo/');
  await page.selectOption('select[name=chunkSize]', '1048576');
  await page.check('input[name=slow]');
  const element = uploader(page, 'default');
  await element.choose([small, long]);
  const longRow = element.row('final-v3.pdf');
  await expect(element.row('photo.jpg')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  // Speed and time left are shown once a few chunks are confirmed.
  await expect(longRow.locator('[part=details] bdi')).toHaveCount(3, { timeout: 30_000 });
  // Lines each figure's visible boxes span (Firefox gives a box per bidi run, and may leave an empty
  // one, the isolate mark, at the end of the line before; Chromium gives one box per line).
  const lineHeights = await longRow.locator('[part=details] bdi').evaluateAll((figures) =>
    figures.map((figure) => new Set([...figure.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size),
  );
  expect(lineHeights).toEqual([1, 1, 1]);
  // The long name is one text, cut at its end by an ellipsis, whole in its title.
  await expect(longRow.locator('[part=name]')).toHaveText(basename(long));
  expect(await longRow.locator('[part=name]').evaluate((name) => name.scrollWidth > name.clientWidth)).toBe(true);
  await expect(longRow.locator('[part=name]')).toHaveAttribute('title', basename(long));
  await page.locator('#default').screenshot({ path: testInfo.outputPath('phone.png'), animations: 'disabled' });
  await testInfo.attach('phone', { path: testInfo.outputPath('phone.png'), contentType: 'image/png' });
  expect(await axeViolations(page)).toEqual([]);
  await longRow.getByRole('button', { name: /^Pause/ }).click();
  await expect(longRow).toHaveAttribute('data-status', 'paused');
});

test('screenshots at 1280 and 390 px of rows of every kind: five uploading, one failed, one done, each with its type icon', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/demo/');
  await page.selectOption('select[name=chunkSize]', '1048576');
  await page.check('input[name=slow]');
  await page.evaluate(() => {
    type Element = HTMLElement & { concurrency: number; prepare: (file: File) => object; addFiles(files: File[]): unknown };
    const element = document.getElementById('default') as Element;
    element.concurrency = 5;
    // The CSV's session is refused: a failed row with its reason.
    const refused = { 'X-Test-Faults': JSON.stringify([{ kind: 'status', status: 403, match: 'start' }]) };
    element.prepare = (file) => (file.name === 'figures.csv' ? { headers: refused } : {});
    const file = (name: string, mib: number, type = '') => new File([new Uint8Array(mib * 1024 * 1024 + 1000)], name, { type });
    element.addFiles([
      file('quarterly-report-of-the-northern-region-2026.pdf', 30, 'application/pdf'),
      file('figures.csv', 1),
      file('notes.txt', 0, 'text/plain'),
      file('photos-of-the-summer.zip', 40, 'application/zip'),
      file('interview.mp3', 40, 'audio/mpeg'),
      file('main.ts', 30),
      file('holiday.mov', 40, 'video/quicktime'),
    ]);
  });
  const element = uploader(page, 'default');
  await expect(element.row('notes.txt')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(element.row('figures.csv')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(element.host.locator('li[data-status=uploading]')).toHaveCount(5, { timeout: 30_000 });
  for (const name of ['northern-region-2026.pdf', 'summer.zip', 'interview.mp3', 'main.ts', 'holiday.mov']) {
    await expect(element.row(name).locator('[part=details] bdi')).toHaveCount(3, { timeout: 30_000 });
  }
  const families = () =>
    element.host.locator('[part~=thumbnail]').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).getPropertyValue('--_family').trim()));
  await expect.poll(families).toEqual(['pdf', 'spreadsheet', 'text', 'archive', 'audio', 'code', 'video']);
  // Two lines a row when wide: an uploading row is at most 3.5 times the text's size high (four lines made 6.25).
  const heights = await element.host.locator('li[data-item]').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height / parseFloat(getComputedStyle(row).fontSize)));
  for (const height of heights) expect(height).toBeLessThanOrEqual(3.5);
  await element.host.screenshot({ path: testInfo.outputPath('rows-1280.png'), animations: 'disabled' });
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 1400 });
  await element.host.screenshot({ path: testInfo.outputPath('rows-390.png'), animations: 'disabled' });
  // Forced colours: the icons drawn in the system's text colour, not the author's.
  await emulateMedia(page, { forcedColors: 'active' });
  const icon = element.row('figures.csv').locator('[part~=thumbnail]');
  const [iconColour, text] = await icon.evaluate((cell) => [getComputedStyle(cell, '::before').backgroundColor, getComputedStyle(cell.closest('li')!.querySelector('[part=name]')!).color]);
  expect(iconColour).toBe(text);
  await element.host.screenshot({ path: testInfo.outputPath('rows-390-forced-colors.png'), animations: 'disabled' });
  await emulateMedia(page, { forcedColors: 'none' });
  for (const name of ['rows-1280', 'rows-390', 'rows-390-forced-colors']) await testInfo.attach(name, { path: testInfo.outputPath(`${name}.png`), contentType: 'image/png' });
  await page.evaluate(() => (document.getElementById('default') as HTMLElement & { cancelAll(): void }).cancelAll());
});

// The element in the built demo (demo/index.html): files from disk, pause, cancel, retries, the
// keyboard alone, screenshots with axe, languages, a form with a folder, a phone's width.
import { mkdir, writeFile } from 'node:fs/promises';
import path, { basename } from 'node:path';
import { flow, serverJson, until, type Driver } from '../support/driver.ts';
import { axeViolations, check, openDemo, focusedLabel, logEntries, recordedProgress, recordProgress, storedId, uploader } from '../support/element-page.ts';
import { fileOnDisk, sha256OfFile } from '../support/files.ts';

const MiB = 1024 * 1024;

async function expectSameBytes(d: Driver, id: string, file: string, size: number) {
  const info = await serverJson(d, `/__files/${id}/info`);
  d.expect(info.size).toBe(String(size));
  d.expect(info.sha256).toBe(await sha256OfFile(file));
}

function expectRisingTo100(d: Driver, values: number[] | undefined) {
  d.expect(values?.length).toBeGreaterThan(1);
  d.expect(values!.every((value, i) => i === 0 || value >= values![i - 1]!)).toBe(true);
  d.expect(values!.at(-1)).toBe(100);
}

/** The demo with a row in each state worth a look: done, paused, rejected, right to left. */
async function fillDemo(d: Driver): Promise<void> {
  const done = await fileOnDisk('quarterly-report.pdf', 2 * MiB);
  const long = await fileOnDisk('holiday-video-4k.mov', 60 * MiB);
  const text = await fileOnDisk('notes.txt', 1000);
  const persian = await fileOnDisk('گزارش-سالانه.pdf', 3 * MiB);
  const persianLong = await fileOnDisk('فیلم-سفر.mp4', 40 * MiB);
  await d.setViewport(1000, 1600);
  await openDemo(d);
  await d.select('select[name=chunkSize]', '1048576');
  const [main, themed, rtl] = [uploader(d, 'default'), uploader(d, 'themed'), uploader(d, 'rtl')];

  await main.choose([done]);
  await main.status('quarterly-report.pdf', 'done');
  await check(d, 'input[name=slow]');
  await main.choose([long]);
  await main.reaches('holiday-video-4k.mov', 5);
  await d.click(main.named('Pause holiday-video-4k.mov'));
  await main.status('holiday-video-4k.mov', 'paused');
  await themed.choose([text, done]);
  await themed.status('notes.txt', 'rejected');
  await rtl.choose([persian, persianLong]);
  await rtl.status('گزارش-سالانه.pdf', /^(uploading|done)$/);
  await themed.status('quarterly-report.pdf', 'done');
  d.expect((await rtl.status('گزارش-سالانه.pdf', 'done')).text).toBe('انجام شد');
  await rtl.reaches('فیلم-سفر.mp4', 5);
  await d.click(rtl.named('توقف فیلم-سفر.mp4'));
  await rtl.status('فیلم-سفر.mp4', 'paused');
}

/** Seven rows of every kind on the demo's default element: five uploading, one failed (its start refused), one done. */
async function rowsOfEveryKind(d: Driver, width: number): Promise<ReturnType<typeof uploader>> {
  await d.setViewport(width, 900);
  await openDemo(d);
  await d.select('select[name=chunkSize]', '1048576');
  await check(d, 'input[name=slow]');
  await d.evaluate(() => {
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
  const element = uploader(d, 'default');
  await element.status('notes.txt', 'done');
  await element.status('figures.csv', 'failed');
  const read = () =>
    d.evaluate(() => {
      const root = document.getElementById('default')!.shadowRoot!;
      return {
        uploading: root.querySelectorAll('li[data-status=uploading]').length,
        // Speed and time left shown on each uploading row.
        figures: [...root.querySelectorAll('li[data-status=uploading]')].map((row) => row.querySelectorAll('[part=details] bdi').length),
        families: [...root.querySelectorAll('[part~=thumbnail]')].map((cell) => getComputedStyle(cell).getPropertyValue('--_family').trim()),
      };
    });
  const seen = await until(read, ({ uploading, figures }) => uploading === 5 && figures.every((count) => count === 3), 'five uploading with their figures');
  d.expect(seen.families).toEqual(['pdf', 'spreadsheet', 'text', 'archive', 'audio', 'code', 'video']);
  return element;
}

const cancelAll = (d: Driver) => d.evaluate(() => (document.getElementById('default') as HTMLElement & { cancelAll(): void }).cancelAll());

export const elementFlows = [
  flow('three files from disk: progress rises to 100%, one paused and resumed, one cancelled, bytes identical on the server', async (d) => {
    const small = await fileOnDisk('element-3mib.bin', 3 * MiB + 17);
    const big = await fileOnDisk('element-100mib.bin', 100 * MiB);
    const other = await fileOnDisk('element-12mib.bin', 12 * MiB);
    const [bigName, otherName] = [basename(big), basename(other)];
    await openDemo(d);
    await d.select('select[name=chunkSize]', '4194304');
    await check(d, 'input[name=slow]');
    await recordProgress(d, 'default');
    const element = uploader(d, 'default');
    // One at a time (the default is 4), so the third file waits in the queue while the big one uploads.
    await d.evaluate(() => ((document.getElementById('default') as HTMLElement & { concurrency: number }).concurrency = 1));

    await element.choose([small, big, other]);
    await element.status(bigName, 'uploading');
    await element.status(otherName, 'queued');
    await element.reaches(bigName, 10);

    await d.click(element.named(`Pause ${bigName}`));
    d.expect((await element.status(bigName, 'paused')).text).toBe('Paused');
    const pausedAt = (await element.row(bigName))!.valuenow;
    // The requests of the paused file the server answered (the chunk the pause cut off is logged
    // dropped, when the server notices): none more may come while it stays paused.
    const answered = async () => {
      const uri = await d.evaluate((name) => {
        const element = document.getElementById('default') as HTMLElement & { items: { file: File; upload?: { sessionUri?: string } }[] };
        return element.items.find((item) => item.file.name === name)?.upload?.sessionUri;
      }, bigName);
      const log = await serverJson<{ requests: { dropped?: boolean }[] }>(d, `/__control/sessions/${new URL(uri!).searchParams.get('upload_id')}`);
      return log.requests.filter((request) => !request.dropped).length;
    };
    const answeredWhenPaused = await answered();

    // Its place went to the next file, which we cancel while it uploads.
    await element.status(otherName, 'uploading');
    await d.click(element.named(`Cancel ${otherName}`));
    d.expect((await element.status(otherName, 'cancelled')).text).toBe('Cancelled');
    await until(() => logEntries(d, 'upload-cancel', otherName), (entries) => entries.length === 1, 'the cancel logged');
    // Another file uploaded and was cancelled meanwhile: the paused one sent no request, and stayed where it was.
    d.expect(await answered()).toBe(answeredWhenPaused);
    d.expect(await element.row(bigName)).toMatchObject({ status: 'paused', valuenow: pausedAt });

    await d.click(element.named(`Resume ${bigName}`));
    d.expect((await element.status(bigName, 'done')).valuetext).toMatch(/^100%, /);

    const progress = await recordedProgress(d);
    expectRisingTo100(d, progress[basename(small)]);
    expectRisingTo100(d, progress[bigName]);
    d.expect(new Set(progress[bigName]).size).toBeGreaterThan(10);
    await expectSameBytes(d, await storedId(d, 'default', basename(small)), small, 3 * MiB + 17);
    await expectSameBytes(d, await storedId(d, 'default', bigName), big, 100 * MiB);
    d.expect(await logEntries(d, 'upload-success', otherName)).toHaveLength(0);
  }),

  flow('a flaky server surfaces as "Retrying in N s", then success with the same bytes', async (d) => {
    const file = await fileOnDisk('element-flaky-5mib.bin', 5 * MiB + 3);
    const name = basename(file);
    await openDemo(d);
    await d.select('select[name=chunkSize]', '1048576');
    await check(d, 'input[name=flaky]');
    const element = uploader(d, 'default');
    await element.choose([file]);
    d.expect((await element.status(name, 'retrying')).text).toMatch(/^Retrying in \u2068\d+ sec\u2069$/);
    await element.status(name, 'done');
    const id = await storedId(d, 'default', name);
    await expectSameBytes(d, id, file, 5 * MiB + 3);
    const session = await serverJson(d, `/__control/sessions/${id}`);
    d.expect(session.requests.filter((r: { status: number }) => r.status === 503)).toHaveLength(2);
  }),

  flow('the whole flow with the keyboard alone', async (d) => {
    const file = await fileOnDisk('element-keyboard-20mib.bin', 20 * MiB);
    const name = basename(file);
    await openDemo(d);
    async function tabTo(label: string | RegExp) {
      for (let i = 0; i < 30; i++) {
        await d.press('Tab');
        const current = await focusedLabel(d);
        if (typeof label === 'string' ? current === label : label.test(current)) return;
      }
      throw new Error(`Tab never reached ${label}`);
    }
    const value = (selector: string) => d.evaluate((selector) => document.querySelector<HTMLInputElement>(selector)!.value, selector);

    await tabTo(/^Slow network/);
    await d.press('Space');
    d.expect(await d.evaluate(() => document.querySelector<HTMLInputElement>('input[name=slow]')!.checked)).toBe(true);
    await d.press('Tab');
    await d.press('ArrowDown'); // chunk size: 1 MiB
    d.expect(await value('select[name=chunkSize]')).toBe('1048576');

    const element = uploader(d, 'default');
    await tabTo('Choose files');
    await d.chooseFiles([file], [element.host, 'input[type=file]'], { key: 'Enter' });
    await element.status(name, 'uploading');

    await d.press('Tab');
    d.expect(await focusedLabel(d)).toBe(`Pause ${name}`);
    await d.press('Enter');
    await element.status(name, 'paused');
    d.expect(await focusedLabel(d)).toBe(`Resume ${name}`);
    await d.press('Space');
    await element.status(name, /^(uploading|starting)$/);
    d.expect(await focusedLabel(d)).toBe(`Pause ${name}`);

    await element.status(name, 'done');
    await expectSameBytes(d, await storedId(d, 'default', name), file, 20 * MiB);
    // The Pause button went with the upload, on its own: focus is on the row, not lost, and not on the
    // Remove that took Pause's place (a late Enter meant for Pause removes nothing); Tab reaches Remove.
    d.expect(await focusedLabel(d)).toMatch(new RegExp(`^${name}[\\s\\S]*Done`));
    await d.press('Enter');
    d.expect(await element.rows(name)).toHaveLength(1);
    await d.press('Tab');
    d.expect(await focusedLabel(d)).toBe(`Remove ${name} from the list`);
    await d.press('Enter');
    await until(() => element.rows(name), (rows) => rows.length === 0, 'the row removed');
    d.expect(await focusedLabel(d)).toBe('Choose files');
  }),

  flow('screenshots of the default and RTL demo, without axe violations', async (d) => {
    await fillDemo(d);
    await d.screenshot('default');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.screenshot('rtl', 'section.rtl');
  }),

  flow('dark and forced colours: screenshots, the bars and the button still drawn, without axe violations', async (d) => {
    await fillDemo(d);
    await d.emulateMedia({ colorScheme: 'dark' });
    await d.screenshot('dark');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.emulateMedia({ colorScheme: 'light' });
    // Forced colours (Windows high contrast): the bars stay visible (fill in Highlight, an edge on the
    // track) and the Choose button keeps its outline.
    await d.emulateMedia({ forcedColors: 'active' });
    const colours = await d.evaluate(() => {
      const root = document.getElementById('default')!.shadowRoot!;
      const row = [...root.querySelectorAll('[part~=item]')].find((row) => row.textContent!.includes('holiday-video-4k.mov'))!;
      const bar = row.querySelector('[role=progressbar]')!;
      const fill = getComputedStyle(bar.querySelector('.fill')!);
      const track = getComputedStyle(bar);
      const button = getComputedStyle(root.querySelector('[part=button]')!);
      return { fill: fill.backgroundColor, track: track.backgroundColor, edge: track.borderTopColor, edgeStyle: track.borderTopStyle, button: button.borderTopStyle };
    });
    d.expect(colours.fill).not.toBe(colours.track);
    d.expect(colours.edgeStyle).toBe('solid');
    d.expect(colours.edge).not.toBe(colours.track);
    d.expect(colours.button).toBe('solid');
    await d.screenshot('forced-colors', '#default');
    await d.emulateMedia({ forcedColors: 'none' });
  }),

  flow('npm start prints the server root: it answers with the demo', async (d) => {
    d.expect((await fetch(`${d.baseURL}/`)).ok).toBe(true);
    await d.goto('/');
    const page = await d.evaluate(() => ({ path: location.pathname, heading: document.querySelector('h1')?.textContent?.trim() }));
    d.expect(page).toEqual({ path: '/demo/', heading: '<resumable-upload>' });
  }),

  flow('the demo speaks every shipped language from its menu, right to left where the language is', async (d) => {
    await openDemo(d);
    const options = await d.evaluate(() => [...document.querySelectorAll<HTMLOptionElement>('#page-lang option')].map((option) => option.value));
    d.expect(options).toEqual(d.expect.arrayContaining(['en', 'ar', 'de', 'fa', 'he', 'ja', 'pt-BR', 'zh-CN']));
    d.expect(options.length).toBeGreaterThanOrEqual(19);
    const page = () =>
      d.evaluate(() => ({
        dir: document.documentElement.getAttribute('dir'),
        button: document.getElementById('default')!.shadowRoot!.querySelector('[part=button]')!.textContent!.trim(),
      }));
    await d.select('#page-lang', 'de');
    await until(page, ({ button }) => button === 'Dateien auswählen', 'the button in German');
    await d.select('#page-lang', 'ar');
    d.expect(await until(page, ({ button }) => button === 'اختر ملفات', 'the button in Arabic')).toMatchObject({ dir: 'rtl' });
  }),

  flow('a folder chosen in the form: Send is refused while files upload, then sends each file id', async (d) => {
    const folder = path.join(import.meta.dirname, '..', '.files', 'holiday');
    await mkdir(path.join(folder, 'day-1'), { recursive: true });
    await writeFile(path.join(folder, 'day-1', 'beach.jpg'), Buffer.alloc(3 * MiB, 1));
    await writeFile(path.join(folder, 'notes.txt'), Buffer.alloc(2000, 2));
    await openDemo(d);
    await check(d, 'input[name=slow]');
    const form = uploader(d, 'form-uploader');
    await form.choose([folder]);
    await form.status('beach.jpg', /^(starting|uploading)$/);
    const send = '#attachments button[type=submit]';
    const submitted = () => d.evaluate(() => document.querySelector('#submitted')!.textContent ?? '');
    // What the element said when the form refused it, kept then: the upload may finish right after.
    await d.evaluate(() => {
      const element = document.getElementById('form-uploader') as HTMLElement & { validationMessage: string };
      element.addEventListener('invalid', () => ((window as unknown as { refused: string }).refused = element.validationMessage), { once: true });
    });
    await d.click(send);
    d.expect(await submitted()).toBe('');
    d.expect(await d.evaluate(() => (window as unknown as { refused?: string }).refused)).toMatch(/./);
    await form.status('beach.jpg', 'done');
    await form.status('notes.txt', 'done');
    const counts = () => d.evaluate(() => document.getElementById('form-uploader')!.shadowRoot!.querySelector('[part~=summary-counts]')?.textContent ?? '');
    await until(counts, (text) => /\u20682\u2069 done/.test(text), 'two done in the summary');
    await d.click(send);
    const ids = [await storedId(d, 'form-uploader', 'beach.jpg'), await storedId(d, 'form-uploader', 'notes.txt')];
    const sent = await until(submitted, (text) => text !== '', 'the form sent');
    d.expect(sent).toContain('subject=Holiday photos');
    for (const id of ids) d.expect(sent).toContain(`attachments=${id}`);
  }),

  flow('screenshots at a 390 px phone width: one line per figure, a long name one text cut at its end', async (d) => {
    const long = await fileOnDisk('quarterly-report-of-the-northern-region-sales-team-2026-final-v3.pdf', 40 * MiB);
    const small = await fileOnDisk('photo.jpg', 2 * MiB);
    await d.setViewport(390, 1200);
    await openDemo(d);
    await d.select('select[name=chunkSize]', '1048576');
    await check(d, 'input[name=slow]');
    const element = uploader(d, 'default');
    await element.choose([small, long]);
    await element.status('photo.jpg', 'done');
    // Speed and time left are shown once a few chunks are confirmed. Then the lines each figure's
    // visible boxes span (Firefox gives a box per bidi run, and may leave an empty one, the isolate
    // mark, at the end of the line before; Chromium gives one box per line), and the name's box.
    const measure = () =>
      d.evaluate(() => {
        const root = document.getElementById('default')!.shadowRoot!;
        const row = [...root.querySelectorAll('[part~=item]')].find((row) => row.textContent!.includes('final-v3.pdf'))!;
        const name = row.querySelector<HTMLElement>('[part=name]')!;
        return {
          lines: [...row.querySelectorAll('[part=details] bdi')].map(
            (figure) => new Set([...figure.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size,
          ),
          name: name.textContent,
          title: name.getAttribute('title'),
          cut: name.scrollWidth > name.clientWidth,
        };
      });
    const seen = await until(measure, ({ lines }) => lines.length === 3, 'speed and time left shown');
    d.expect(seen).toEqual({ lines: [1, 1, 1], name: basename(long), title: basename(long), cut: true });
    await d.screenshot('phone', '#default');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.click(element.named(`Pause ${basename(long)}`));
    await element.status('final-v3.pdf', 'paused');
  }),

  flow('screenshots at 1280 px of rows of every kind: five uploading, one failed, one done, each with its type icon, two lines high', async (d) => {
    await rowsOfEveryKind(d, 1280);
    // Two lines a row when wide: an uploading row is at most 3.5 times the text's size high (four lines made 6.25).
    const heights = await d.evaluate(() =>
      [...document.getElementById('default')!.shadowRoot!.querySelectorAll('li[data-item]')].map((row) => row.getBoundingClientRect().height / parseFloat(getComputedStyle(row).fontSize)),
    );
    for (const height of heights) d.expect(height).toBeLessThanOrEqual(3.5);
    await d.screenshot('rows-1280', '#default');
    d.expect(await axeViolations(d)).toEqual([]);
    await cancelAll(d);
  }),

  flow('screenshots at 390 px of rows of every kind, and in forced colours the type icons in the text colour', async (d) => {
    await rowsOfEveryKind(d, 1280);
    await d.setViewport(390, 1400);
    await d.screenshot('rows-390', '#default');
    // Forced colours: the icons drawn in the system's text colour, not the author's.
    await d.emulateMedia({ forcedColors: 'active' });
    const [icon, text] = await d.evaluate(() => {
      const root = document.getElementById('default')!.shadowRoot!;
      const row = [...root.querySelectorAll('[part~=item]')].find((row) => row.querySelector('[part=name]')!.textContent!.includes('figures.csv'))!;
      return [getComputedStyle(row.querySelector('[part~=thumbnail]')!, '::before').backgroundColor, getComputedStyle(row.querySelector('[part=name]')!).color];
    });
    d.expect(icon).toBe(text);
    await d.screenshot('rows-390-forced-colors', '#default');
    await d.emulateMedia({ forcedColors: 'none' });
    await cancelAll(d);
  }),
];

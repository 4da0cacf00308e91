// The element after a reload mid-upload: the interrupted upload listed, and resumed from the server's
// offset once its file is chosen again.
import { basename } from 'node:path';
import { flow, serverJson, until, type Driver } from '../support/driver.ts';
import { axeViolations, check, openDemo, storedId, uploader } from '../support/element-page.ts';
import { fileOnDisk, sha256OfFile } from '../support/files.ts';
import { announceEnglish } from '../../src/element/i18n/announce-strings.ts';
import { fa } from '../../src/element/locales/fa.ts';

const MiB = 1024 * 1024;
const SIZE = 100 * MiB;
const CHUNK = 4 * MiB;

/** The session URI of the element's first listed upload, read from its public `items`. */
function sessionOf(d: Driver, id: string): Promise<string | undefined> {
  return d.evaluate((id) => {
    const element = document.getElementById(id) as HTMLElement & { items: { upload?: { sessionUri?: string } }[] };
    return element.items[0]?.upload?.sessionUri;
  }, id);
}

export const elementRecoveryFlows = [
  flow('a reload mid-upload lists the interrupted upload; choosing the file again goes on from the server offset', async (d) => {
    const file = await fileOnDisk('element-recovery-100mib.bin', SIZE);
    const name = basename(file);
    await openDemo(d);
    await d.select('select[name=chunkSize]', String(CHUNK));
    await check(d, 'input[name=slow]');
    const element = uploader(d, 'default');
    await element.choose([file]);
    await element.reaches(name, 20);
    const session = (await sessionOf(d, 'default'))!;

    await d.reload();
    // Listed, then with the figure its session gives when asked.
    const [interrupted] = await until(() => element.interrupted(), (rows) => rows.length > 0 && !!rows[0]!.text?.includes('%'), "the interrupted upload listed with the server's figure");
    d.expect(await element.interrupted()).toHaveLength(1);
    d.expect(interrupted!.name).toBe(name);
    d.expect(interrupted!.text).toMatch(/^Interrupted at \u2068\d+%\u2069: choose the file again to resume$/);
    // Every element on the same endpoint lists it, in its own language.
    const [rtl] = await until(() => uploader(d, 'rtl').interrupted(), (rows) => rows.length > 0, 'the interrupted upload listed right to left');
    d.expect(rtl!.text).toContain('متوقف شد');
    // Said once for the endpoint, by one of its four elements (whichever listed it first), in the
    // language of its moment (the right-to-left one's Persian, or English if it spoke before its
    // translation was registered): the region's `lang` says which.
    const said = () =>
      d.evaluate(() =>
        [...document.querySelectorAll('resumable-upload')].map((element) => {
          const region = element.shadowRoot!.querySelector('[role=status]')!;
          return { text: region.textContent!.trim(), lang: region.getAttribute('lang') };
        }),
      );
    const speakers = (await until(said, (regions) => regions.some(({ text }) => text !== ''), 'the interruption said')).filter(({ text }) => text !== '');
    d.expect(speakers).toHaveLength(1);
    const [{ text, lang }] = speakers as [(typeof speakers)[number]];
    d.expect(text).toBe(lang === 'fa' ? fa.announceInterrupted : announceEnglish.announceInterrupted);

    await element.chooseAgain(name, [file]);
    await until(() => element.interrupted(), (rows) => rows.length === 0, 'the interrupted row gone');
    await element.status(name, 'done');
    d.expect(await sessionOf(d, 'default')).toBe(session);

    const info = await serverJson(d, `/__files/${await storedId(d, 'default', name)}/info`);
    d.expect(info.sha256).toBe(await sha256OfFile(file));
    // The bytes the server had before the reload were not sent again (at most the chunk in flight).
    const log = await serverJson(d, `/__control/sessions/${new URL(session).searchParams.get('upload_id')}`);
    d.expect(log.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  }),

  flow('screenshots at 1280 and 390 px: every file done, then an interrupted row with the figure its session gives', async (d) => {
    // MiniBrowser's window gets no narrower than its toolbar: there, its narrowest.
    const narrow = d.engine === 'webkit' ? 447 : 390;
    await d.setViewport(1280, 900);
    await openDemo(d);
    const element = uploader(d, 'default');
    await d.evaluate(() => {
      const file = (name: string, bytes: number, type = '') => new File([new Uint8Array(bytes)], name, { type });
      (document.getElementById('default') as HTMLElement & { addFiles(files: File[]): unknown }).addFiles([
        file('quarterly-report-of-the-northern-region-2026.pdf', 300_000, 'application/pdf'),
        file('figures.csv', 20_000),
        file('holiday.jpg', 500_000, 'image/jpeg'),
      ]);
    });
    for (const name of ['2026.pdf', 'figures.csv', 'holiday.jpg']) await element.status(name, 'done');
    await d.screenshot('done-1280', '#default');
    await d.setViewport(narrow, 900);
    await d.screenshot(`done-${narrow}`, '#default');
    d.expect(await axeViolations(d)).toEqual([]);

    // Stopped mid-way by a reload: the row asks its session, then shows the server's figure.
    await d.setViewport(1280, 900);
    await openDemo(d);
    await d.select('select[name=chunkSize]', String(MiB));
    await check(d, 'input[name=slow]');
    await d.evaluate(() =>
      (document.getElementById('default') as HTMLElement & { addFiles(files: File[]): unknown }).addFiles([new File([new Uint8Array(24 * 1024 * 1024)], 'interview-recording.mp3', { type: 'audio/mpeg' })]),
    );
    await element.reaches('interview-recording.mp3', 20);
    await d.reload();
    const [row] = await until(() => element.interrupted(), (rows) => !!rows[0]?.text?.includes('%'), "the interrupted row with the server's figure");
    d.expect(row!.valuenow).toBeGreaterThanOrEqual(20);
    await d.screenshot('interrupted-1280', '#default');
    await d.setViewport(narrow, 900);
    // Narrow, its buttons go under the bar: the name is whole, not a few letters beside Choose again.
    const nameCut = () =>
      d.evaluate(() => {
        const name = document.getElementById('default')!.shadowRoot!.querySelector<HTMLElement>('[part~=interrupted-item] [part=name]')!;
        return name.scrollWidth > name.clientWidth;
      });
    await until(nameCut, (cut) => !cut, 'the interrupted row laid out narrow, its name whole');
    await d.screenshot(`interrupted-${narrow}`, '#default');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.click(element.named('Discard interview-recording.mp3'));
    await until(() => element.interrupted(), (rows) => rows.length === 0, 'the interrupted row discarded');
  }),
];

// Details for each file (`metaFields`) on the demo's element: a file that waits for its required
// caption, the form used with the keyboard alone, the values stored with the file by the server.
import { flow, serverJson, until, type Driver } from '../support/driver.ts';
import { axeViolations, focusedLabel, openDemo, storedId, uploader } from '../support/element-page.ts';
import { fileOnDisk } from '../support/files.ts';

const MiB = 1024 * 1024;

/** The demo's default element asks for a required caption and an optional alt text. */
async function askForDetails(d: Driver, width: number) {
  const photo = await fileOnDisk('beach-sunset.jpg', 2 * MiB);
  const report = await fileOnDisk('annual-report-2026.pdf', 3 * MiB);
  await d.setViewport(width, 900);
  await openDemo(d);
  await d.evaluate(() => {
    (document.getElementById('default') as HTMLElement & { metaFields: unknown }).metaFields = [
      { id: 'description', label: 'Caption', required: true, multiline: true, placeholder: 'What is in it?' },
      { id: 'alt', label: 'Alt text' },
    ];
  });
  const element = uploader(d, 'default');
  await element.choose([photo, report]);
  for (const name of ['beach-sunset.jpg', 'annual-report-2026.pdf']) {
    await until(() => element.row(name), (row) => row?.text === 'Needs details', `${name} waits for its details`);
  }
  return element;
}

/** Tabs from the focus to the first row's Edit details, and opens its form with Enter: the focus is in its first field. */
async function openFirstForm(d: Driver): Promise<void> {
  for (let presses = 0; (await focusedLabel(d)) !== 'Edit details'; presses++) {
    if (presses > 8) throw new Error(`No Edit details button after 8 Tabs; the focus is on "${await focusedLabel(d)}"`);
    await d.press('Tab');
  }
  await d.press('Enter');
  await until(() => focusedLabel(d), (label) => label === 'Caption *', 'the focus in the Caption field');
}

export const metadataFlows = [
  flow('a metadata edit at 1280 px with the keyboard: a file waits for its caption, the form, the values stored with the file', async (d) => {
    const element = await askForDetails(d, 1280);
    await d.screenshot('metadata-waiting-1280', '#default');
    await openFirstForm(d);
    await d.type('A sunset over the bay');
    await d.press('Tab');
    await d.type('Orange sky above a calm sea');
    await d.screenshot('metadata-form-1280', '#default');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.press('Tab');
    d.expect(await focusedLabel(d)).toBe('Save');
    // Where the focus goes next, as it goes: the photo may be uploaded, its button gone, before a look at the focus.
    await d.evaluate(() => {
      const seen: string[] = ((window as unknown as { focusSeen: string[] }).focusSeen = []);
      document.getElementById('default')!.shadowRoot!.addEventListener('focusin', ({ target }) => seen.push((target as HTMLElement).textContent!.trim()));
    });
    await d.press('Enter');
    const seen = await until(() => d.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen), (seen) => seen.length > 0, 'the focus moved');
    d.expect(seen[0]).toBe('Edit details');

    // Its details given, the photo goes; the report still waits for its own.
    const id = await storedId(d, 'default', 'beach-sunset.jpg');
    const info = await serverJson<{ name: string; metadata: Record<string, unknown> }>(d, `/__files/${id}/info`);
    d.expect([info.name, info.metadata.description, info.metadata.alt]).toEqual(['beach-sunset.jpg', 'A sunset over the bay', 'Orange sky above a calm sea']);
    d.expect((await element.row('annual-report-2026.pdf'))?.text).toBe('Needs details');
    await d.screenshot('metadata-saved-1280', '#default');
    d.expect(await d.reported()).toEqual([]);
  }),

  flow('a metadata edit at 390 px: the form fits a phone, and Escape closes it without keeping what was typed', async (d) => {
    const element = await askForDetails(d, 390);
    await openFirstForm(d);
    await d.type('Half a caption');
    await d.screenshot('metadata-form-390', '#default');
    d.expect(await axeViolations(d)).toEqual([]);
    const overflow = await d.evaluate(() => {
      const form = document.getElementById('default')!.shadowRoot!.querySelector('form')!;
      return [...form.querySelectorAll('*')].filter((box) => box.getBoundingClientRect().right > innerWidth).map((box) => box.localName);
    });
    d.expect(overflow).toEqual([]);
    await d.press('Escape');
    await until(() => focusedLabel(d), (label) => label === 'Edit details', 'the focus back on Edit details');
    d.expect((await element.row('beach-sunset.jpg'))?.text).toBe('Needs details');
    await d.screenshot('metadata-closed-390', '#default');
  }),
];

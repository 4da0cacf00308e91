import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, rowOf } from './support/fixture.ts';
import { iconOf } from './support/thumbnails.ts';

const file = (name: string, type: string) => new File([new Uint8Array(10)], name, { type });

// Each file, and the family of icon its row should show: by its type, else (no type, or one that
// says nothing) by its extension.
const CASES: [File, string][] = [
  [file('report.pdf', 'application/pdf'), 'pdf'],
  [file('report.PDF', ''), 'pdf'],
  [file('figures.csv', ''), 'spreadsheet'],
  [file('figures.csv', 'text/csv'), 'spreadsheet'],
  [file('figures.csv', 'application/vnd.ms-excel'), 'spreadsheet'],
  [file('budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 'spreadsheet'],
  [file('photos.zip', 'application/zip'), 'archive'],
  [file('photos.zip', 'application/x-zip-compressed'), 'archive'],
  [file('backup.tar.gz', ''), 'archive'],
  [file('backup.7z', 'application/octet-stream'), 'archive'],
  [file('notes.txt', 'text/plain'), 'text'],
  [file('README.md', ''), 'text'],
  [file('main.ts', ''), 'code'],
  [file('data.json', 'application/json'), 'code'],
  [file('page.html', 'text/html'), 'code'],
  [file('photo.heic', ''), 'image'],
  [file('logo.svg', 'image/svg+xml'), 'image'],
  [file('clip.mov', 'video/quicktime'), 'video'],
  [file('song.mp3', 'audio/mpeg'), 'audio'],
  [file('song.flac', ''), 'audio'],
  [file('letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), 'file'],
  [file('Makefile', ''), 'file'],
  // The type wins over the extension when it names a family.
  [file('scan.txt', 'application/pdf'), 'pdf'],
];

describe('<resumable-upload> file-type icons', () => {
  // First in this file: no earlier test has brought the rows' code in. Styled a frame after the row,
  // the icons cost the page a second styling of every element while the first files start.
  it('come with the rows: the first row drawn already shows its icon', async () => {
    const element = await mount({ auto: 'false' });
    const [item] = element.addFiles([file('report.pdf', 'application/pdf')]);
    const row = await rowOf(element, item!);
    expect(getComputedStyle(row.querySelector('[part~=thumbnail]')!).getPropertyValue('--_family').trim()).toBe('pdf');
  });

  it('draws the icon of each file’s family, chosen by type, else by extension when the type is empty or says nothing', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const items = element.addFiles(CASES.map(([file]) => file));
    const families: string[] = [];
    const masks = new Map<string, string>();
    for (const item of items) {
      const icon = await iconOf((await rowOf(element, item)).querySelector('[part~=thumbnail]')!);
      families.push(icon?.family ?? 'none');
      if (icon) masks.set(icon.family, icon.mask);
    }
    expect(families).toEqual(CASES.map(([, family]) => family));
    // A picture of its own for each of the nine families.
    expect(new Set(masks.values()).size).toBe(9);
    await expectNoAxeViolations(element);
  });

  it('colours each family from its --resumable-upload-icon-<family>, and each differently by default', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const [pdf, csv, zip] = element.addFiles([file('a.pdf', 'application/pdf'), file('b.csv', ''), file('c.zip', 'application/zip')]);
    const colour = async (item: typeof pdf) => (await iconOf((await rowOf(element, item!)).querySelector('[part~=thumbnail]')!))!.colour;
    expect(new Set([await colour(pdf), await colour(csv), await colour(zip)]).size).toBe(3);
    element.style.setProperty('--resumable-upload-icon-spreadsheet', 'rgb(1, 2, 3)');
    element.style.setProperty('--resumable-upload-icon-pdf', 'rgb(4, 5, 6)');
    expect(await colour(csv)).toBe('rgb(1, 2, 3)');
    expect(await colour(pdf)).toBe('rgb(4, 5, 6)');
    const before = getComputedStyle((await rowOf(element, csv!)).querySelector('[part~=thumbnail]')!, '::before');
    expect(before.backgroundColor).toBe('rgb(1, 2, 3)');
  });
});

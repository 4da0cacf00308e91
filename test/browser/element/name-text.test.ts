// A file's name is one word: on screen (no gap inside it), in the row's text, and in every accessible
// name built from it (the progress bar's, the buttons'), at any width, shortened only when it does not fit.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { clearStoredUploads } from '../../../src/storage/stored-uploads.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint } from '../support/server.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { mount, rowOf, shadow } from './support/fixture.ts';

const SHORT = ['holiday.webm', 'IMG_0001.jpg', 'big-video.mp4'];
const LONG = 'quarterly-report-of-the-northern-region-sales-team-2026-final-v3.pdf';

/** The boxes the name's text takes on screen: one line, each box right after the one before (no gap). */
function expectOneRun(name: HTMLElement): void {
  const range = document.createRange();
  range.selectNodeContents(name);
  const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
  const sorted = boxes.sort((a, b) => a.left - b.left);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.left - sorted[i - 1]!.right).toBeLessThan(1);
}

/** The width the same text takes as one run in the same font, where it fits. */
function runWidth(name: HTMLElement, text: string): number {
  const probe = document.createElement('span');
  probe.style.font = getComputedStyle(name).font;
  probe.style.whiteSpace = 'pre';
  probe.style.position = 'absolute';
  probe.textContent = text;
  document.body.append(probe);
  try {
    return probe.getBoundingClientRect().width;
  } finally {
    probe.remove();
  }
}

async function expectOneWord(row: HTMLElement, text: string): Promise<void> {
  const name = row.querySelector<HTMLElement>('[part~=name]')!;
  expect(name.textContent).toBe(text);
  expect(name.title).toBe(text);
  expectOneRun(name);
  // As wide as the same text in one run: no box of the name is stretched by a minimum width.
  const range = document.createRange();
  range.selectNodeContents(name);
  expect(Math.abs(range.getBoundingClientRect().width - runWidth(name, text))).toBeLessThan(1);
  // Its whole text on one line, the row's first.
  expect(Math.round(name.getBoundingClientRect().height)).toBeLessThanOrEqual(Math.ceil(parseFloat(getComputedStyle(name).lineHeight) || 30));
  await expect.element(row.querySelector<HTMLElement>('[role=progressbar]')!).toHaveAccessibleName(text);
  for (const button of row.querySelectorAll('button[aria-label]')) expect(button.getAttribute('aria-label')).toContain(text);
}

beforeEach(() => clearStoredUploads());

describe('<resumable-upload> file names read as one word', () => {
  for (const width of ['390px', '1000px']) {
    it(`in rows of a list ${width} wide, short names whole, a long one shortened with an ellipsis`, async () => {
      const element = await mount({ auto: 'false', multiple: true }, (el) => (el.style.inlineSize = width));
      const items = element.addFiles([...SHORT, LONG].map((name) => patternFile(10, name)));
      for (const [index, item] of items.slice(0, SHORT.length).entries()) await expectOneWord(await rowOf(element, item), SHORT[index]!);
      const long = (await rowOf(element, items.at(-1)!)).querySelector<HTMLElement>('[part~=name]')!;
      expect(long.textContent).toBe(LONG);
      await expect.element(long.closest('li')!.querySelector<HTMLElement>('[role=progressbar]')!).toHaveAccessibleName(LONG);
      expectOneRun(long);
      // Shortened only when it does not fit.
      const cut = long.scrollWidth > long.clientWidth + 1;
      expect(cut).toBe(width === '390px');
    });
  }

  it('in a long list, rows rendered as they scroll into view', async () => {
    const element = await mount({ auto: 'false', multiple: true }, (el) => (el.style.inlineSize = '390px'));
    const names = Array.from({ length: 60 }, (_, i) => SHORT[i % SHORT.length]!.replace('.', `-${i}.`));
    const items = element.addFiles(names.map((name) => patternFile(10, name)));
    for (const index of [0, 30, 59]) await expectOneWord(await rowOf(element, items[index]!), names[index]!);
  });

  it('in interrupted rows', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'IMG_0001.jpg'), url);
    const element: ResumableUploadElement = await mount({ endpoint: url }, (el) => (el.style.inlineSize = '390px'));
    const [row] = await rowsAfterConnect(element, 1);
    await expectOneWord(row!, 'IMG_0001.jpg');
    expect(shadow(element).querySelectorAll('[part~=name]').length).toBe(1);
  });
});

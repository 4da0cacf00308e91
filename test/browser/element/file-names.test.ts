// Names and folder paths come from the person's disk or from a stored record: a right-to-left override
// (U+202E) or another bidi control in one must not make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`.
// The element shows and says them without those controls; the file's real name goes everywhere else.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredUploads } from '../../../src/storage/stored-uploads.ts';
import { expectStored } from '../support/expect-stored.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint, storedFile } from '../support/server.ts';
import { announced, mount, nextEvent, rowOf, shadow } from './support/fixture.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';

const RLO = '\u202E';
/** A program named to pass for a PDF. */
const SPOOF = `invoice${RLO}fdp.exe`;
const BIDI_CONTROLS = /\p{Bidi_C}/u;

/** The characters of `element` as they stand on screen, left to right (one line): what a person reads. */
function onScreen(element: Element): string {
  const placed: { x: number; char: string }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let at = 0; at < node.textContent!.length; at++) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      // The glyph's own box: WebKit adds an empty box at the far end of a run for a character at a
      // direction change, and the union of both (getBoundingClientRect) would misplace it.
      const box = [...range.getClientRects()].filter((rect) => rect.width > 0).sort((a, b) => b.width - a.width)[0];
      if (box) placed.push({ x: box.left + box.width / 2, char: node.textContent![at]! });
    }
  }
  return placed.sort((a, b) => a.x - b.x).map(({ char }) => char).join('');
}

/** How the same text reads isolated in a page of that direction with no control in it: the name as written. */
function asWritten(text: string, dir: string): string {
  const line = document.createElement('p');
  line.dir = dir;
  line.style.whiteSpace = 'nowrap';
  const isolated = line.appendChild(document.createElement('bdi'));
  isolated.textContent = text.replace(/\p{Bidi_C}/gu, '');
  document.body.append(line);
  try {
    return onScreen(isolated);
  } finally {
    line.remove();
  }
}

/** A row's name as shown, read and labelled: no bidi control anywhere a person sees or hears it. */
function expectShownWithoutControls(row: Element, shown: string): void {
  const name = row.querySelector<HTMLElement>('[part~=name]')!;
  expect(name.textContent).toBe(shown);
  expect(name.title).toBe(shown);
  for (const button of row.querySelectorAll('button')) {
    expect(button.getAttribute('aria-label')).toContain(shown);
    expect(button.getAttribute('aria-label')).not.toMatch(BIDI_CONTROLS);
    expect(button.getAttribute('title') ?? '').not.toMatch(BIDI_CONTROLS);
  }
}

/** Wide enough that no name here is shortened (a shortened one hides part of itself under an ellipsis). */
const wide = (element: HTMLElement) => (element.style.inlineSize = '1000px');

const LAYOUTS = [
  { dir: 'ltr', lang: 'en' },
  { dir: 'rtl', lang: 'he' },
] as const;

beforeEach(() => clearStoredUploads());

describe('<resumable-upload> names that could pass for others', () => {
  for (const { dir, lang } of LAYOUTS) {
    it(`shows a name holding a right-to-left override as written, extension last (${dir}); the file keeps its real name`, async () => {
      const element = await mount({ dir, lang, auto: 'false' }, wide);
      const file = patternFile(2 * QUANTUM + 5, SPOOF);
      const added = nextEvent(element, 'upload-add');
      const [item] = element.addFiles([file]);
      expect((await added).detail.relativePath).toBe(SPOOF);
      const row = await rowOf(element, item!);
      // Read left to right in either layout (a Latin name keeps its own direction): `.exe` is what shows last.
      expect(onScreen(row.querySelector('[part~=name]')!)).toBe('invoicefdp.exe');
      expectShownWithoutControls(row, 'invoicefdp.exe');

      const success = nextEvent(element, 'upload-success');
      item!.start();
      // In English: what is said names it as shown too.
      if (lang === 'en') await announced(element, 'Uploading invoicefdp.exe');
      const { result } = (await success).detail;
      // The real name went to the server (the default metadata is `{ name: file.name }`), the bytes whole.
      expect(item!.file.name).toBe(SPOOF);
      expect((await storedFile((result.body as { id: string }).id)).name).toBe(SPOOF);
      await expectStored(result, file);
      if (lang === 'en') await announced(element, 'invoicefdp.exe uploaded');
    });
  }

  it('shows a folder path holding bidi controls without them; the item, events and metadata keep the real path', async () => {
    const path = `scans\u2067/2024${RLO}gpj.exe/invoice.pdf`;
    const element = await mount({ dir: 'rtl', lang: 'he', auto: 'false' }, (el) => {
      wide(el);
      el.metadata = (_, item) => ({ name: item.relativePath });
    });
    const file = patternFile(QUANTUM, 'invoice.pdf');
    Object.defineProperty(file, 'webkitRelativePath', { value: path }); // as a folder chosen or dropped gives it
    const added = nextEvent(element, 'upload-add');
    const [item] = element.addFiles([file]);
    expect((await added).detail.relativePath).toBe(path);
    expect(item!.relativePath).toBe(path);
    const row = await rowOf(element, item!);
    const name = row.querySelector<HTMLElement>('[part~=name]')!;
    expect(onScreen(name)).toBe('scans/2024gpj.exe/invoice.pdf');
    expect(name.textContent).toBe('scans/2024gpj.exe/invoice.pdf');
    expect(name.title).toBe('scans/2024gpj.exe/invoice.pdf');
    const success = nextEvent(element, 'upload-success');
    item!.start();
    const { result } = (await success).detail;
    expect((await storedFile((result.body as { id: string }).id)).name).toBe(path);
  });

  for (const { dir, lang } of LAYOUTS) {
    it(`lists an interrupted upload whose name holds one as written (${dir}), in its row, its labels and title`, async () => {
      const url = endpoint();
      await interrupt(patternFile(4 * QUANTUM, SPOOF), url);
      // A name in a right-to-left script reads right to left in its own isolate, its extension where it belongs.
      const hebrew = `\u05d7\u05e9\u05d1\u05d5\u05e0\u05d9\u05ea${RLO}fdp.exe`;
      await interrupt(patternFile(3 * QUANTUM, hebrew), url);
      const element = await mount({ endpoint: url, dir, lang }, wide);
      const rows = await rowsAfterConnect(element, 2);
      const shown = rows.map((row) => row.querySelector<HTMLElement>('[part~=name]')!);
      const spoof = rows[shown.findIndex((name) => name.textContent!.startsWith('invoice'))]!;
      const other = rows.find((row) => row !== spoof)!;
      expect(onScreen(spoof.querySelector('[part~=name]')!)).toBe('invoicefdp.exe');
      expect(onScreen(other.querySelector('[part~=name]')!)).toBe(asWritten(hebrew, dir));
      expectShownWithoutControls(spoof, 'invoicefdp.exe');
      expectShownWithoutControls(other, hebrew.replace(RLO, ''));
      // The Hebrew word to the right of the Latin part, as a right-to-left reader expects.
      expect(onScreen(other.querySelector('[part~=name]')!)).toMatch(/^fdp\.exe[\u05d0-\u05ea]+$/);
      expect(shadow(element).querySelector('[role=status]')!.textContent).not.toMatch(BIDI_CONTROLS);
    });
  }
});

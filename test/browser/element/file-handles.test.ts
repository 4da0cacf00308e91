// `file-handles`: files chosen with the button or Choose again come from `showOpenFilePicker`, and
// their handle is stored with the session, so after a reload Resume needs no new choice of file.
// No test tool can click through the browser's file dialog, so only the dialog is replaced: the
// handles it answers with are real ones of the origin-private file system, and the uploads,
// IndexedDB and the reference server are real.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from 'vitest/browser';
import { clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { pickerTypes, type PickerTypes } from '../../../src/element/picker/picker-types.ts';
import { expectStored } from '../support/expect-stored.ts';
import { QUANTUM, patternFile } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { mount, nextEvent, recordEvents, shadow } from './support/fixture.ts';
import { expectFirstChunkSentOnce, fileInOpfs, interrupt, rowsAfterConnect } from './support/interrupted.ts';

type PickerOptions = PickerTypes & { multiple: boolean };
type ShowOpenFilePicker = (options: PickerOptions) => Promise<FileSystemFileHandle[]>;
const picker = window as { showOpenFilePicker?: ShowOpenFilePicker };
const browserPicker = picker.showOpenFilePicker;

/** Replaces the browser's file dialog for this test; returns the options of every call. */
function replacePicker(answer: ShowOpenFilePicker | undefined): PickerOptions[] {
  const calls: PickerOptions[] = [];
  picker.showOpenFilePicker = answer && ((options) => (calls.push(options), answer(options)));
  return calls;
}

/** Counts the clicks that would open the element's file input, and keeps its dialog shut. */
function watchInput(element: ResumableUploadElement): { clicks: number; next: Promise<void> } {
  const input = shadow(element).querySelector('input')!;
  const watch = { clicks: 0, next: Promise.resolve() };
  watch.next = new Promise((resolve) =>
    input.addEventListener('click', (event) => {
      event.preventDefault();
      watch.clicks++;
      resolve();
    }),
  );
  return watch;
}

const button = (element: ResumableUploadElement) => shadow(element).querySelector<HTMLButtonElement>('[part=button]')!;

/** Lets a click's promises (picker, file reads) settle and the element render. */
async function settle(element: ResumableUploadElement): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await element.updateComplete;
}

/**
 * The browser's own picker refuses a click no person made, unless the page holds a user activation:
 * a failed test's screenshot leaves one for 5 s, and the real dialog would open and never close.
 */
async function withoutActivation(): Promise<void> {
  for (let i = 0; i < 70 && navigator.userActivation.isActive; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(navigator.userActivation.isActive).toBe(false);
}

beforeEach(() => clearStoredUploads());
afterEach(() => {
  picker.showOpenFilePicker = browserPicker;
});

describe('file-handles', () => {
  it('stores the handle of a file chosen with the button; after a reload Resume finishes it from the server offset', async () => {
    const url = endpoint();
    const handle = await fileInOpfs(3 * QUANTUM + 11);
    const file = await handle.getFile();
    const calls = replacePicker(async () => [handle]);
    const element = await mount({ endpoint: url, 'file-handles': true, 'chunk-size': String(QUANTUM) });
    const input = watchInput(element);
    // The server takes the first chunk and refuses the second: the upload stops as a crash would stop it.
    element.headers = faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]);

    const failed = nextEvent(element, 'upload-error');
    button(element).click();
    const { item } = (await failed).detail;
    expect(calls).toEqual([{ multiple: false, types: [], excludeAcceptAllOption: false }]);
    expect(input.clicks).toBe(0);
    expect(item.file.name).toBe(file.name);
    const sessionUri = item.upload!.sessionUri!;
    const [record] = await listStoredUploads(url);
    expect(record).toMatchObject({ name: file.name, size: file.size, sessionUri, bytesCommitted: QUANTUM });
    expect(await record!.fileHandle!.isSameEntry(handle)).toBe(true);

    // As after a reload: the element goes, a new one comes with nothing but IndexedDB to go on.
    element.remove();
    const reloaded = await mount({ endpoint: url, 'file-handles': true, 'chunk-size': String(QUANTUM) });
    const [row] = await rowsAfterConnect(reloaded, 1);
    expect(row!.querySelector('[part~="choose-again-button"]')).toBeNull();
    const resume = row!.querySelector<HTMLButtonElement>('[part~="resume-button"]')!;
    expect(resume.getAttribute('aria-label')).toBe(`Resume ${file.name}`);

    const success = nextEvent(reloaded, 'upload-success');
    resume.click();
    const { result } = (await success).detail;
    expect(calls).toHaveLength(1); // Resume read the kept handle: no dialog
    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
    // The server's first chunk was not sent again.
    await expectFirstChunkSentOnce(sessionUri, file);
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('Choose again opens the picker, and the same file goes on in its session', async () => {
    const url = endpoint();
    const handle = await fileInOpfs(2 * QUANTUM + 3);
    const file = await handle.getFile();
    const sessionUri = await interrupt(file, url); // kept without a handle
    const calls = replacePicker(async () => [handle]);
    const element = await mount({ endpoint: url, 'file-handles': true, 'chunk-size': String(QUANTUM) });
    const input = watchInput(element);
    const [row] = await rowsAfterConnect(element, 1);

    const success = nextEvent(element, 'upload-success');
    row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!.click();
    const { result } = (await success).detail;
    expect(calls).toHaveLength(1);
    expect(input.clicks).toBe(0);
    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
    await rowsAfterConnect(element, 0);
  });

  it('passes accept and multiple to the picker; what it gives goes through accept and max-file-size', async () => {
    const handles = await Promise.all([fileInOpfs(3000, `${crypto.randomUUID()}.pdf`), fileInOpfs(5000, `${crypto.randomUUID()}.zip`), fileInOpfs(9000, `${crypto.randomUUID()}.pdf`)]);
    const calls = replacePicker(async () => handles);
    const element = await mount({ 'file-handles': true, multiple: true, accept: 'image/*,.pdf', 'max-file-size': '8000' });

    const success = nextEvent(element, 'upload-success');
    button(element).click();
    const { result, file } = (await success).detail;
    expect(calls).toEqual([{ multiple: true, types: [{ accept: { 'image/*': [], '*/*': ['.pdf'] } }], excludeAcceptAllOption: true }]);
    expect(file.size).toBe(3000);
    await expectStored(result, file);
    expect(element.items.map((item) => [item.file.size, item.status, item.rejection])).toEqual([
      [3000, 'done', undefined],
      [5000, 'rejected', 'accept'],
      [9000, 'rejected', 'max-file-size'],
    ]);
  });

  it('does nothing when the person cancels the picker (AbortError)', async () => {
    const calls = replacePicker(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    const element = await mount({ 'file-handles': true });
    const input = watchInput(element);
    const events = recordEvents(element);

    button(element).click();
    await settle(element);
    expect(calls).toHaveLength(1);
    expect(input.clicks).toBe(0);
    expect(events).toEqual([]);
    expect(element.items).toEqual([]);
    expect(shadow(element).querySelector('[part~="empty"]')).not.toBeNull();
  });

  it('opens the file input where the picker refuses or is missing', async () => {
    // Replaced: a SecurityError, as in a cross-origin frame.
    replacePicker(async () => {
      throw new DOMException('Cross origin sub frames aren\'t allowed to show a file picker.', 'SecurityError');
    });
    const element = await mount({ 'file-handles': true });
    let input = watchInput(element);
    button(element).click();
    await input.next;

    // The browser's own picker: Chromium's refuses a click that no person made; Firefox has none.
    picker.showOpenFilePicker = browserPicker;
    expect(typeof browserPicker).toBe(server.browser === 'chromium' ? 'function' : 'undefined');
    await withoutActivation();
    input = watchInput(element);
    button(element).click();
    await input.next;

    // A browser without the File System Access API.
    replacePicker(undefined);
    input = watchInput(element);
    button(element).click();
    await input.next;
    expect(element.items).toEqual([]);
  });

  it('without file-handles, never calls the picker: the button and Choose again open the file input', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'again.bin'), url);
    const calls = replacePicker(async () => []);
    const element = await mount({ endpoint: url });
    expect(element.fileHandles).toBe(false);
    const [row] = await rowsAfterConnect(element, 1);

    let input = watchInput(element);
    button(element).click();
    await input.next;
    input = watchInput(element);
    row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!.click();
    await input.next;
    await settle(element);
    expect(calls).toEqual([]);
  });

  it("gives types that Chromium's own picker validates without a TypeError; where there is no picker, accept goes to the input", async () => {
    const accepts = ['', 'image/*,.pdf,text/plain', '.tar.gz,.C++,video/MP4', 'pdf,.my_file,text/plain;charset=utf-8,.abcdefghijklmnopq,image/png', '*/*,application/vnd.ms-excel'];
    if (!browserPicker) {
      // Firefox: no File System Access API, so file-handles falls back to the file input, which takes accept as it is.
      expect(server.browser).not.toBe('chromium');
      for (const accept of accepts) {
        const element = await mount({ 'file-handles': true, accept });
        expect(shadow(element).querySelector('input')!.getAttribute('accept') ?? '', accept).toBe(accept);
      }
      return;
    }
    // Types are checked before the gesture: with no click, valid types meet a SecurityError, others a TypeError.
    await withoutActivation();
    const show = (options: PickerOptions) => browserPicker!.call(window, options).then(() => 'opened', (error: DOMException) => error.name);
    expect(await show({ multiple: false, types: [{ accept: { '*/*': ['pdf'] } }], excludeAcceptAllOption: true })).toBe('TypeError');
    for (const accept of accepts) {
      expect(await show({ multiple: true, ...pickerTypes(accept) }), accept).toBe('SecurityError');
    }
  });
});

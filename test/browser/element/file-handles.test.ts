// `file-handles`: files chosen with the button or Choose again come from `showOpenFilePicker`, where
// there is one; without it, or when it refuses, the file input opens. The tests that keep real
// handles are in file-handles.opfs.test.ts. No test tool can click through the browser's file dialog,
// so only the dialog is replaced (support/picker.ts); the uploads, IndexedDB and the server are real.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from 'vitest/browser';
import { clearStoredUploads } from '../../../src/index.ts';
import { pickerTypes } from '../../../src/element/picker/picker-types.ts';
import { QUANTUM, patternFile } from '../support/files.ts';
import { endpoint } from '../support/server.ts';
import { mount, recordEvents, shadow } from './support/fixture.ts';
import { button, browserPicker, replacePicker, restorePicker, settle, watchInput, withoutActivation, type PickerOptions } from './support/picker.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { until } from '../../support/until.ts';

beforeEach(() => clearStoredUploads());
afterEach(restorePicker);

describe('file-handles', () => {
  it('does nothing when the person cancels the picker (AbortError)', async () => {
    const calls = replacePicker(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    const element = await mount({ 'file-handles': true });
    const input = watchInput(element);
    const events = recordEvents(element);

    button(element).click();
    await until(() => calls.length === 1, 'the picker is asked');
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
    restorePicker();
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

// The folder button, paste anywhere and the camera, in every engine (a folder dropped or chosen in the
// file input is in folders.chromium.test.ts: only Chromium's DevTools protocol can drive it). The folder
// picker (`directory` with `file-handles`) cannot be clicked through by any test tool: only its
// dialog is replaced, answering with real handles of the origin-private file system.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStoredUploads } from '../../../src/index.ts';
import { patternFile } from '../support/files.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, shadow } from './support/fixture.ts';
import { watchInput } from './support/picker.ts';

beforeEach(() => clearStoredUploads());

describe('directory, paste and capture', () => {
  type ShowDirectoryPicker = () => Promise<FileSystemDirectoryHandle>;
  const picker = window as { showDirectoryPicker?: ShowDirectoryPicker };
  const browserPicker = picker.showDirectoryPicker;
  afterEach(() => {
    picker.showDirectoryPicker = browserPicker;
  });

  it('with directory, the button says so and the file input picks a folder; capture passes through', async () => {
    const element = await mount({ directory: true, capture: 'environment', accept: 'image/*' });
    const input = shadow(element).querySelector('input')!;
    let watch = watchInput(element);
    shadow(element).querySelector<HTMLButtonElement>('[part=button]')!.click();
    await watch.next;
    expect(input.webkitdirectory).toBe(true);
    expect(input.getAttribute('capture')).toBe('environment');
    expect(shadow(element).querySelector('[part=button]')!.textContent!.trim()).toBe('Choose a folder');
    element.directory = false;
    element.capture = undefined;
    await element.updateComplete;
    watch = watchInput(element);
    shadow(element).querySelector<HTMLButtonElement>('[part=button]')!.click();
    await watch.next;
    expect(input.webkitdirectory).toBe(false);
    expect(input.hasAttribute('capture')).toBe(false);
    await expectNoAxeViolations(element);
  });

  function pasteOn(target: EventTarget, file: File): ClipboardEvent {
    const clipboardData = new DataTransfer();
    clipboardData.items.add(file);
    const event = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true, composed: true });
    // Firefox's constructor copies clipboardData without its files: hand the event this one.
    Object.defineProperty(event, 'clipboardData', { value: clipboardData });
    target.dispatchEvent(event);
    return event;
  }

  it('with paste="page", takes files pasted anywhere on the page, unless something else took the paste', async () => {
    const element = await mount({ paste: 'page', auto: 'false', multiple: true });
    const outside = document.createElement('textarea');
    document.body.append(outside);
    try {
      expect(pasteOn(outside, patternFile(10, 'from-page.png', 'image/png')).defaultPrevented).toBe(true);
      expect(element.items.map((item) => item.file.name)).toEqual(['from-page.png']);
      // An editor that handles the paste itself keeps it.
      const editor = (event: Event) => event.preventDefault();
      outside.addEventListener('paste', editor);
      pasteOn(outside, patternFile(10, 'for-the-editor.png', 'image/png'));
      outside.removeEventListener('paste', editor);
      expect(element.items).toHaveLength(1);
      // A paste inside the element is taken once.
      pasteOn(shadow(element).querySelector('[part=button]')!, patternFile(10, 'inside.png', 'image/png'));
      expect(element.items.map((item) => item.file.name)).toEqual(['from-page.png', 'inside.png']);
      // Without paste="page", a paste elsewhere is left alone.
      element.paste = 'element';
      expect(pasteOn(outside, patternFile(10, 'ignored.png', 'image/png')).defaultPrevented).toBe(false);
      expect(element.items).toHaveLength(2);
      // Out of the page, the element takes nothing.
      element.paste = 'page';
      element.remove();
      expect(pasteOn(outside, patternFile(10, 'after.png', 'image/png')).defaultPrevented).toBe(false);
    } finally {
      outside.remove();
    }
  });
});

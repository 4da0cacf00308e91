import { describe, expect, it } from 'vitest';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { patternFile } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { mount, nextEvent, shadow } from './support/fixture.ts';

function transfer(...files: File[]): DataTransfer {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  return data;
}

function drag(target: Element, type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', data: DataTransfer): DragEvent {
  const event = new DragEvent(type, { dataTransfer: data, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

function pasteEvent(data: DataTransfer): ClipboardEvent {
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true, cancelable: true });
  // Firefox's constructor copies clipboardData without its files: hand the event this one.
  Object.defineProperty(event, 'clipboardData', { value: data });
  return event;
}

const button = (element: ResumableUploadElement) => shadow(element).querySelector<HTMLButtonElement>('[part=button]')!;

describe('<resumable-upload> picking, dropping and pasting', () => {
  it('opens the file picker from its button and uploads what was chosen', async () => {
    const element = await mount({ multiple: true });
    const input = shadow(element).querySelector<HTMLInputElement>('input[type=file]')!;
    let opened = 0;
    input.addEventListener('click', (event) => {
      opened++;
      event.preventDefault(); // a real picker would wait for a person; the files come below instead
    });
    button(element).click();
    expect(opened).toBe(1);

    const files = [patternFile(3000, 'picked-1.bin'), patternFile(4000, 'picked-2.bin')];
    input.files = transfer(...files).files;
    const done = Promise.all(files.map((file) => nextEvent(element, 'upload-success', (event) => event.detail.file === file)));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(input.value).toBe(''); // so choosing the same files again fires `change` again
    for (const { detail } of await done) await expectStored(detail.result, detail.file);
  });

  it('shows a drag-over state while files hover, also over the button, and takes dropped files', async () => {
    const element = await mount({ multiple: true });
    const file = patternFile(2000, 'dropped.bin');
    const data = transfer(file);
    const zone = shadow(element).querySelector('[part=drop-zone]')!;

    drag(zone, 'dragenter', data);
    expect(element.hasAttribute('dragover')).toBe(true);
    drag(button(element), 'dragenter', data);
    drag(zone, 'dragleave', data); // leaving the zone for the button inside it: still over the element
    expect(element.hasAttribute('dragover')).toBe(true);
    const over = drag(button(element), 'dragover', data);
    expect(over.defaultPrevented).toBe(true);
    await element.updateComplete;
    const zoneStyle = getComputedStyle(zone);
    expect(zoneStyle.borderStyle).toBe('solid');

    const success = nextEvent(element, 'upload-success');
    const drop = drag(button(element), 'drop', data);
    expect(drop.defaultPrevented).toBe(true); // the browser must not open the file instead
    expect(element.hasAttribute('dragover')).toBe(false);
    await expectStored((await success).detail.result, file);
  });

  it('clears the drag-over state when the files leave', async () => {
    const element = await mount();
    const data = transfer(patternFile(10, 'x.bin'));
    const zone = shadow(element).querySelector('[part=drop-zone]')!;
    drag(zone, 'dragenter', data);
    drag(zone, 'dragleave', data);
    expect(element.hasAttribute('dragover')).toBe(false);
    expect(element.items).toEqual([]);
  });

  it('ignores drags of text, which are not files', async () => {
    const element = await mount();
    const data = new DataTransfer();
    data.setData('text/plain', 'hello');
    expect(drag(element, 'dragover', data).defaultPrevented).toBe(false);
    expect(element.hasAttribute('dragover')).toBe(false);
  });

  it('takes pasted files', async () => {
    const element = await mount();
    const file = patternFile(1500, 'pasted.png', 'image/png');
    const success = nextEvent(element, 'upload-success');
    const paste = pasteEvent(transfer(file));
    button(element).dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    await expectStored((await success).detail.result, file);
  });

  it('takes nothing while disabled: the button is disabled, drops and pastes are refused', async () => {
    const element = await mount({ disabled: true });
    expect(button(element).disabled).toBe(true);
    const data = transfer(patternFile(10, 'x.bin'));
    // Still cancelled, so a file dropped on a disabled element is not opened by the browser instead.
    expect(drag(element, 'dragover', data).defaultPrevented).toBe(true);
    expect(element.hasAttribute('dragover')).toBe(false);
    drag(element, 'drop', data);
    button(element).dispatchEvent(pasteEvent(data));
    expect(element.items).toEqual([]);
  });
});

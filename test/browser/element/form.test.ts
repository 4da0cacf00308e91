// The element in a <form>: real submits into a frame of the same origin, whose address shows what
// the browser sent; real uploads to the reference server.
import { afterEach, describe, expect, it } from 'vitest';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, reachStatus, shadow } from './support/fixture.ts';

let form: HTMLFormElement;
let frame: HTMLIFrameElement;
/** The path of every page the frame loaded from the form, in order: one per submit the browser sent. */
let loads: string[];
let submits = 0;

/** A form that submits with GET into a frame, the element inside (its fieldset too), a text field and a submit button. */
async function inForm(attributes: Record<string, string | true>, setup?: (element: ResumableUploadElement) => void): Promise<ResumableUploadElement> {
  frame = document.createElement('iframe');
  frame.name = `form-target-${crypto.randomUUID()}`;
  document.body.append(frame);
  loads = [];
  // about:blank loads too (in Firefox after a while): only the form's pages count.
  frame.addEventListener('load', () => {
    const { pathname } = frame.contentWindow!.location;
    if (pathname.startsWith('/form-target/')) loads.push(pathname);
  });
  form = document.createElement('form');
  form.method = 'get';
  form.target = frame.name;
  form.innerHTML = '<fieldset><legend>Attachments</legend><input name="note" value="hello" aria-label="Note"></fieldset><button type="submit">Send</button>';
  document.body.append(form);
  const element = await mount(attributes, setup);
  form.querySelector('fieldset')!.append(element);
  await element.updateComplete;
  return element;
}

/**
 * Clicks Send. The browser says at once whether it sends: it fires `submit` during the click, or not
 * at all when the form is invalid (then undefined). What it sent is the query of the page loaded at
 * this click's own path, so a load that comes late, about:blank's or an earlier submit's, is never taken
 * for it, however slow the machine.
 */
async function submit(): Promise<URLSearchParams | undefined> {
  const path = `/form-target/${++submits}`;
  form.action = path;
  let sent = false;
  const onSubmit = () => (sent = true);
  form.addEventListener('submit', onSubmit);
  const loaded = new Promise<URLSearchParams>((resolve) => {
    const onLoad = () => {
      if (frame.contentWindow!.location.pathname !== path) return;
      frame.removeEventListener('load', onLoad);
      resolve(new URLSearchParams(frame.contentWindow!.location.search));
    };
    frame.addEventListener('load', onLoad);
  });
  form.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
  form.removeEventListener('submit', onSubmit);
  return sent ? loaded : undefined;
}

afterEach(() => {
  form?.remove();
  frame?.remove();
});

describe('<resumable-upload> in a form', () => {
  it('with required, is invalid until a file is done; a submit while uploading reports it and sends nothing; once done, sends the final answers', async () => {
    const element = await inForm({ name: 'attachments', required: true, multiple: true, 'chunk-size': String(QUANTUM) }, (el) => {
      el.headers = faultHeaders([{ kind: 'delay', ms: 400, times: 4 }]);
    });
    expect(element.form).toBe(form);
    expect([...form.elements]).toContain(element);
    // The submit's own validation fires `invalid` on the element and sends nothing.
    let invalid = 0;
    element.addEventListener('invalid', () => invalid++);
    expect(await submit()).toBeUndefined();
    expect(invalid).toBe(1);
    // The browser takes the person to the element: focus on its Choose button, where the message shows.
    expect(document.activeElement).toBe(element);
    expect(shadow(element).activeElement).toBe(shadow(element).querySelector('[part=button]'));

    // One at a time: the small file is done while the large one is still under way.
    const [first, second] = element.addFiles([patternFile(10, 'a.bin'), patternFile(2 * QUANTUM, 'b.bin')]);
    await reachStatus(element, first!, 'done');
    expect(second!.status).not.toBe('done');
    expect(element.validationMessage).toBe('Wait until the uploads finish.');
    expect(await submit()).toBeUndefined();
    expect(invalid).toBe(2);

    await reachStatus(element, first!, 'done');
    await reachStatus(element, second!, 'done');
    expect(element.checkValidity()).toBe(true);
    const sent = await submit();
    // Only this submit reached the frame: the two refused ones sent nothing.
    expect(loads).toEqual([`/form-target/${submits}`]);
    expect(sent?.get('note')).toBe('hello');
    expect(sent?.getAll('attachments').map((value) => JSON.parse(value))).toEqual([first!.result!.body, second!.result!.body]);
    expect((first!.result!.body as { name: string }).name).toBe('a.bin');
    await expectNoAxeViolations(form);
  });

  it('states the reasons as validation messages, in the element\'s language', async () => {
    const element = await inForm({ name: 'files', required: true, auto: 'false' });
    expect(element.validity.valueMissing).toBe(true);
    expect(element.validationMessage).toBe('Upload at least one file.');
    expect(element.matches(':invalid')).toBe(true);
    const [item] = element.addFiles([patternFile(10, 'x.bin')]);
    await element.updateComplete;
    expect(element.validity.customError).toBe(true);
    expect(element.validationMessage).toBe('Wait until the uploads finish.');
    element.strings = { formUploading: 'Not yet' };
    await element.updateComplete;
    expect(element.validationMessage).toBe('Not yet');
    item!.start();
    await reachStatus(element, item!, 'done');
    expect(element.validity.valid).toBe(true);
    expect(element.validationMessage).toBe('');
    expect(element.matches(':valid')).toBe(true);
  });

  it('sends what formValue returns for each finished file, leaves out failed ones, and nothing without a name', async () => {
    const element = await inForm({ name: 'ids', multiple: true }, (el) => {
      el.formValue = (result, file, item) => `${(result.body as { id: string }).id}:${file.name}:${item.relativePath}`;
      el.prepare = (file) => (file.name === 'bad.bin' ? { headers: faultHeaders([{ kind: 'status', status: 403, match: 'start' }]) } : {});
    });
    // Valid while empty without required: the form goes without the element's entries.
    expect((await submit())?.getAll('ids')).toEqual([]);
    const [good, bad] = element.addFiles([patternFile(10, 'good.bin'), patternFile(10, 'bad.bin')]);
    await reachStatus(element, good!, 'done');
    await reachStatus(element, bad!, 'failed');
    const id = (good!.result!.body as { id: string }).id;
    expect(new FormData(form).getAll('ids')).toEqual([`${id}:good.bin:good.bin`]);
    expect((await submit())?.getAll('ids')).toEqual([`${id}:good.bin:good.bin`]);
    element.name = '';
    await element.updateComplete;
    expect([...new FormData(form).keys()]).toEqual(['note']);
  });

  it('form.reset() empties the list and cancels what is under way', async () => {
    const element = await inForm({ name: 'attachments', multiple: true, 'chunk-size': String(QUANTUM) }, (el) => {
      el.headers = faultHeaders([{ kind: 'delay', ms: 300, times: 10 }]);
    });
    const cancelled: string[] = [];
    element.addEventListener('upload-cancel', (event) => cancelled.push(event.detail.file.name));
    const [slow, quick] = element.addFiles([patternFile(4 * QUANTUM, 'slow.bin'), patternFile(10, 'quick.bin')]);
    await reachStatus(element, slow!, 'uploading');
    form.reset();
    expect(element.items).toEqual([]);
    expect(slow!.status).toBe('cancelled');
    expect(quick!.status).toBe('cancelled');
    expect(cancelled).toEqual(['slow.bin', 'quick.bin']);
    await element.updateComplete;
    expect(shadow(element).querySelector('[part=list]')).toBeNull();
    expect(element.checkValidity()).toBe(true);
    expect([...new FormData(form).keys()]).toEqual(['note']);
  });

  it('is disabled by a disabled fieldset: no picker, no drop, nothing sent; enabled again with it', async () => {
    const element = await inForm({ name: 'attachments' });
    const fieldset = form.querySelector('fieldset')!;
    const button = shadow(element).querySelector<HTMLButtonElement>('[part=button]')!;
    fieldset.disabled = true;
    await element.updateComplete;
    expect(button.disabled).toBe(true);
    expect(element.disabled).toBe(false);
    expect(element.matches(':disabled')).toBe(true);
    const transfer = new DataTransfer();
    transfer.items.add(patternFile(10, 'dropped.bin'));
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    expect(element.items).toEqual([]);
    fieldset.disabled = false;
    await element.updateComplete;
    expect(button.disabled).toBe(false);
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    expect(element.items.map((item) => item.file.name)).toEqual(['dropped.bin']);
  });
});

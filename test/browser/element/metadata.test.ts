import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ResumableUploadElement, UploadItem } from '../../../src/element.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { faultHeaders, storedFile } from '../support/server.ts';
import { until } from '../../support/until.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, nextEvent, reachStatus, rowOf, shadow } from './support/fixture.ts';

const strip = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '').replace(/\s+/g, ' ').trim();

const FIELDS = [
  { id: 'description', label: 'Caption', required: true, multiline: true, placeholder: 'What is in it?' },
  { id: 'alt', label: 'Alt text' },
];

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

/** The focused control inside the element: its label's text, or its own. */
function focused(element: ResumableUploadElement): string | undefined {
  const active = shadow(element).activeElement as HTMLElement | null;
  const label = active?.id ? shadow(element).querySelector(`label[for="${active.id}"]`)?.textContent : undefined;
  return strip(label ?? active?.textContent);
}

/** The row's Edit details button, once the form's code has put it there. */
async function editButton(element: ResumableUploadElement, item: UploadItem): Promise<HTMLButtonElement> {
  await until(async () => (await rowOf(element, item)).querySelector('[part~=meta-button]'), 'the Edit details button');
  return (await rowOf(element, item)).querySelector<HTMLButtonElement>('[part~=meta-button]')!;
}

const status = async (element: ResumableUploadElement, item: UploadItem) => strip((await rowOf(element, item)).querySelector('[part=status]')?.textContent);

/** Opens the row's form with the keyboard, from its button. */
async function openForm(element: ResumableUploadElement, item: UploadItem): Promise<HTMLFormElement> {
  (await editButton(element, item)).focus();
  await userEvent.keyboard('{Enter}');
  await until(async () => (await rowOf(element, item)).querySelector('form'), 'the form');
  return (await rowOf(element, item)).querySelector('form')!;
}

/** Types into the focused field and saves with the Save button, by keyboard. */
async function fillAndSave(element: ResumableUploadElement, item: UploadItem, caption: string): Promise<void> {
  await openForm(element, item);
  await until(() => focused(element) === 'Caption *', () => `the focus in Caption (it is on ${focused(element)})`);
  await userEvent.keyboard(caption);
  await userEvent.tab();
  await userEvent.tab();
  expect(focused(element)).toBe('Save');
  await userEvent.keyboard('{Enter}');
  await until(async () => !(await rowOf(element, item)).querySelector('form'), 'the form closed');
}

describe('<resumable-upload> metaFields', () => {
  it('gives each row an Edit details button and a form with a labelled field per entry; axe finds nothing', async () => {
    const element = await mount({ auto: 'false' }, (el) => (el.metaFields = FIELDS));
    const [item] = element.addFiles([patternFile(100, 'photo.jpg', 'image/jpeg')]);
    const button = await editButton(element, item!);
    expect(strip(button.textContent)).toBe('Edit details');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(shadow(element).getElementById(button.getAttribute('aria-describedby')!)?.textContent).toContain('photo.jpg');
    expect(await status(element, item!)).toBe('Needs details');

    const form = await openForm(element, item!);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(form.id);
    expect(form.getAttribute('aria-label')).toBe('Details of photo.jpg');
    const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
    expect(fields.map((field) => [field.localName, strip(form.querySelector(`label[for="${field.id}"]`)?.textContent), field.required, field.placeholder])).toEqual([
      ['textarea', 'Caption *', true, 'What is in it?'],
      ['input', 'Alt text', false, ''],
    ]);
    await expectNoAxeViolations(element);
  });

  it('is used by keyboard: Enter opens, Escape closes without keeping, Save keeps; the focus returns to the button', async () => {
    const element = await mount({ auto: 'false' }, (el) => (el.metaFields = FIELDS));
    const [item] = element.addFiles([patternFile(100, 'photo.jpg', 'image/jpeg')]);

    await openForm(element, item!);
    await until(() => focused(element) === 'Caption *', 'the focus in the first field');
    await userEvent.keyboard('thrown away');
    await userEvent.keyboard('{Escape}');
    await until(async () => !(await rowOf(element, item!)).querySelector('form'), 'the form closed');
    expect(focused(element)).toBe('Edit details');
    expect(item!.meta).toEqual({});

    // Save with the required field empty: the form stays, the field is marked and takes the focus, its error its description.
    await openForm(element, item!);
    await until(() => focused(element) === 'Caption *', 'the focus in the first field');
    await userEvent.tab();
    expect(focused(element)).toBe('Alt text');
    await userEvent.keyboard('a red door');
    const alt = shadow(element).querySelector<HTMLInputElement>('form input[name=alt]')!;
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const caption = await until(() => shadow(element).querySelector<HTMLTextAreaElement>('textarea[aria-invalid=true]'), 'the caption marked');
    expect(shadow(element).getElementById(caption.getAttribute('aria-describedby')!)?.textContent).toBe('This is required.');
    await until(() => focused(element) === 'Caption *', 'the focus on the empty required field');
    await expectNoAxeViolations(element);
    await userEvent.keyboard('A sunset');
    await userEvent.tab();
    await userEvent.tab();
    expect(alt.value).toBe('a red door'); // kept through the failed Save
    await userEvent.keyboard('{Enter}');
    await until(async () => !(await rowOf(element, item!)).querySelector('form'), 'the form closed');
    expect(focused(element)).toBe('Edit details');
    expect(item!.meta).toEqual({ description: 'A sunset', alt: 'a red door' });
    expect(await status(element, item!)).toBe('Ready');
  });

  it('holds a file while a required field is empty, without taking a place, then sends the values in its metadata', async () => {
    const element = await mount({ multiple: true, concurrency: '1' }, (el) => (el.metaFields = FIELDS));
    const started: string[] = [];
    element.addEventListener('upload-start', ({ detail }) => started.push(detail.file.name));
    const [first, second] = element.addFiles([patternFile(3000, 'first.txt', 'text/plain'), patternFile(2000, 'second.txt', 'text/plain')]);
    await editButton(element, first!);
    await until(async () => (await status(element, first!)) === 'Needs details' && (await status(element, second!)) === 'Needs details', 'both need details');
    expect([first!.status, second!.status, first!.upload, second!.upload]).toEqual(['queued', 'queued', undefined, undefined]);

    // The second goes first: the held first file keeps no place of the one.
    const secondDone = nextEvent(element, 'upload-success', ({ detail }) => detail.item === second);
    await fillAndSave(element, second!, 'second caption');
    const { result } = (await secondDone).detail;
    expect(started).toEqual(['second.txt']);
    expect(first!.status).toBe('queued');

    const firstDone = nextEvent(element, 'upload-success', ({ detail }) => detail.item === first);
    await fillAndSave(element, first!, '  first caption ');
    const { result: firstResult } = (await firstDone).detail;
    expect(started).toEqual(['second.txt', 'first.txt']);
    // What the server stored: the element's default metadata (the name), the filled field trimmed, no empty one.
    const stored = await storedFile((result.body as { id: string }).id);
    expect([stored.name, stored.metadata.description, 'alt' in stored.metadata]).toEqual(['second.txt', 'second caption', false]);
    const storedFirst = await storedFile((firstResult.body as { id: string }).id);
    expect([storedFirst.name, storedFirst.metadata.description]).toEqual(['first.txt', 'first caption']);
  });

  it('keeps a change made after the start out of the upload, says so on the row, and gives it in item.meta', async () => {
    const slow = faultHeaders([{ kind: 'delay', ms: 40, times: 1000 }]);
    const element = await mount({ auto: 'false', 'chunk-size': String(QUANTUM) }, (el) => {
      el.metaFields = FIELDS;
      el.headers = slow;
    });
    const [item] = element.addFiles([patternFile(12 * QUANTUM, 'clip.bin')]);
    await fillAndSave(element, item!, 'before the start');
    const success = nextEvent(element, 'upload-success');
    element.startAll();
    await reachStatus(element, item!, 'uploading');
    // Paused once its session has started (with its metadata): it cannot finish under the edit.
    item!.pause();
    await reachStatus(element, item!, 'paused');

    const form = await openForm(element, item!);
    expect(strip(form.querySelector('[part=meta-note]')?.textContent)).toBe('The upload has started: changes made now are not sent with the file.');
    const caption = form.querySelector('textarea')!;
    caption.select();
    await userEvent.keyboard('after the start');
    await userEvent.keyboard('{Tab}{Tab}{Enter}');
    await until(async () => (await rowOf(element, item!)).querySelector('.meta > [part=meta-note]'), 'the note on the row');
    item!.resume();

    const { detail } = await success;
    expect(detail.item.meta.description).toBe('after the start');
    const stored = await storedFile((detail.result.body as { id: string }).id);
    expect(stored.metadata.description).toBe('before the start');
  });

  it('compares what was sent with the fields by key: details the page filled in another order are no change', async () => {
    const element = await mount({ auto: 'false' }, (el) => (el.metaFields = FIELDS));
    const [item] = element.addFiles([patternFile(100, 'ordered.bin')]);
    // The page's own order, not the fields': alt first.
    item!.meta = { alt: 'a red door', description: 'A door' };
    const success = nextEvent(element, 'upload-success');
    element.startAll();
    const stored = await storedFile(((await success).detail.result.body as { id: string }).id);
    expect([stored.metadata.description, stored.metadata.alt]).toEqual(['A door', 'a red door']);
    await element.updateComplete;
    expect((await rowOf(element, item!)).querySelector('[part=meta-note]')).toBeNull();
  });

  for (const way of ['Save', 'Cancel', 'Escape']) {
    it(`sends the focus to the row, not to the page, when ${way} closes the form of a file that ended meanwhile`, async () => {
      const element = await mount({ auto: 'false' }, (el) => (el.metaFields = [{ id: 'alt', label: 'Alt text' }]));
      const [item] = element.addFiles([patternFile(100, `${way}.bin`)]);
      await openForm(element, item!);
      await until(() => focused(element) === 'Alt text', 'the focus in the field');
      element.startAll();
      await reachStatus(element, item!, 'done');
      expect((await rowOf(element, item!)).querySelector('form')).not.toBeNull(); // still open: nothing typed is lost
      if (way === 'Escape') await userEvent.keyboard('{Escape}');
      else {
        shadow(element).querySelector<HTMLElement>(`[part~=meta-${way.toLowerCase()}-button]`)!.focus();
        await userEvent.keyboard('{Enter}');
      }
      await until(async () => !(await rowOf(element, item!)).querySelector('form'), 'the form closed');
      await element.updateComplete;
      const active = shadow(element).activeElement as HTMLElement | null;
      expect(active?.localName).toBe('li');
      expect(active?.dataset.item).toBe(item!.id);
    });
  }

  it('says a wrong metaFields once in the console, naming it, and files fail naming it', async () => {
    const element = await mount({}, (el) => (el.metaFields = [{ id: 'caption' }] as never));
    const said = () => errors.mock.calls.map(([message]) => String(message));
    await until(() => said().length > 0, 'the console says it');
    expect(said()).toEqual([
      "<resumable-upload> `metaFields` [0].label is missing: use an array of { id, label, required?, multiline?, placeholder? }, such as [{ id: 'description', label: 'Caption', required: true }]. Files fail until it is fixed.",
    ]);
    expect(errors.mock.calls[0]![1]).toBe(element);

    const failed = nextEvent(element, 'upload-error');
    const [item] = element.addFiles([patternFile(100, 'a.bin')]);
    const { error } = (await failed).detail;
    expect(error).toMatchObject({ name: 'UploadError', code: 'invalid-option' });
    await reachStatus(element, item!, 'failed');
    expect(await status(element, item!)).toBe('Failed: the upload is not set up correctly (metaFields)');
    // The file's failure is said by the settings' code, loaded then: once it is in, it has not said it again.
    await import('../../../src/element/settings/setting-problems.ts');
    await new Promise((next) => setTimeout(next, 0));
    expect(said()).toHaveLength(1);

    element.metaFields = { id: 'caption', label: 'Caption' } as never;
    await until(() => said().length > 1, 'the console says the next one');
    expect(said()[1]).toContain('`metaFields` is {"id":"caption","label":"Caption"}, not an array');
    element.metaFields = [{ id: 'caption', label: 'Caption', requird: true }] as never;
    await until(() => said().length > 2, 'the console says the next one');
    expect(said()[2]).toContain('`metaFields` [0] has an unknown key "requird"');
    expect(said()).toHaveLength(3);
  });
});

describe('<resumable-upload> metaFields set with files in the same task', () => {
  it('starts a file with no required field once the fields\' code has come: nothing keeps it queued', async () => {
    const element = await mount({ auto: 'true' });
    element.metaFields = [{ id: 'alt', label: 'Alt text' }];
    const [item] = element.addFiles([patternFile(10, 'plain.bin')]);
    // Held until the fields' code came (it says whether a file waits for its details), then let go.
    await reachStatus(element, item!, 'done');
  });
});

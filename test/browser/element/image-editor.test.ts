import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ResumableUploadElement, UploadItem } from '../../../src/element.ts';
import { listStoredUploads } from '../../../src/index.ts';
import { patternFile, QUANTUM, sha256 } from '../support/files.ts';
import { faultsOnce, objectsNamed, serverUrl, sessionLog } from '../support/server.ts';
import { until } from '../../support/until.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, reachStatus, recordEvents, rowOf, shadow } from './support/fixture.ts';
import { thumbnailOf } from './support/thumbnails.ts';

// Colours of the test image's quarters, told apart after any turn or mirror.
const BLUE = [0, 0, 255];
const RED = [255, 0, 0];
const GREEN = [0, 160, 0];
const YELLOW = [255, 220, 0];

/** A PNG of `width` × `height` drawn by the browser: top left blue, top right red, bottom left green, bottom right yellow. */
async function quartersPng(name: string, width = 200, height = 100): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const quarters: [number[], number, number][] = [
    [BLUE, 0, 0],
    [RED, width / 2, 0],
    [GREEN, 0, height / 2],
    [YELLOW, width / 2, height / 2],
  ];
  for (const [[r, g, b], x, y] of quarters) {
    context.fillStyle = `rgb(${r} ${g} ${b})`;
    context.fillRect(x, y, width / 2, height / 2);
  }
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

/** A PNG of noise, which does not compress: `width` × `height` × 4 bytes and more, several chunks. */
async function noisePng(name: string, width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const pixels = new ImageData(width, height);
  for (let at = 0; at < pixels.data.length; at += 65536) crypto.getRandomValues(pixels.data.subarray(at, at + 65536));
  for (let at = 3; at < pixels.data.length; at += 4) pixels.data[at] = 255; // opaque: kept as drawn
  canvas.getContext('2d')!.putImageData(pixels, 0, 0);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

/** A JPEG of noise at a low `quality`: the editor writes it again at 0.92, larger. */
async function noiseJpeg(name: string, side: number, quality = 0.3): Promise<File> {
  const canvas = new OffscreenCanvas(side, side);
  const pixels = new ImageData(side, side);
  for (let at = 0; at < pixels.data.length; at += 65536) crypto.getRandomValues(pixels.data.subarray(at, at + 65536));
  for (let at = 3; at < pixels.data.length; at += 4) pixels.data[at] = 255;
  canvas.getContext('2d')!.putImageData(pixels, 0, 0);
  return new File([await canvas.convertToBlob({ type: 'image/jpeg', quality })], name, { type: 'image/jpeg' });
}

/** The one object the server keeps under `name`, decoded: its size and a pixel reader. */
async function storedImage(name: string) {
  const objects = await objectsNamed(name);
  expect(objects, `one object stored as ${name}`).toHaveLength(1);
  const bytes = await (await fetch(`${serverUrl}/__files/${objects[0]!.id}`)).blob();
  const bitmap = await createImageBitmap(bytes);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const pixel = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
  return { object: objects[0]!, width: bitmap.width, height: bitmap.height, pixel, bytes };
}

const editButton = async (element: ResumableUploadElement, item: UploadItem) => (await rowOf(element, item)).querySelector<HTMLButtonElement>('[data-action="edit"]');
const dialogOf = (element: ResumableUploadElement) => shadow(element).querySelector<HTMLDialogElement>('dialog.editor');
const cropArea = (element: ResumableUploadElement) => dialogOf(element)!.querySelector<HTMLElement>('.crop')!;
/** Without the isolation marks around each number (which keep a number whole in right-to-left words). */
const plain = (text: string | null) => text!.replace(/[\u2068\u2069]/g, '').trim();
const sizeText = (element: ResumableUploadElement) => plain(dialogOf(element)!.querySelector('#editor-size')!.textContent);

/** Clicks the row's Edit button and waits for the editor to be open (its code loads on first use). */
async function openEditor(element: ResumableUploadElement, item: UploadItem): Promise<HTMLDialogElement> {
  (await editButton(element, item))!.click();
  return until(() => (dialogOf(element)?.open ? dialogOf(element) : undefined), 'the editor is open');
}

const button = (dialog: HTMLDialogElement, text: string) => [...dialog.querySelectorAll('button')].find((candidate) => candidate.textContent!.trim() === text)!;

describe('<resumable-upload> image editor', () => {
  it('is offered with image-editor on JPEG, PNG and WebP rows not done yet, and on no other', async () => {
    const element = await mount({ multiple: true, auto: 'false', 'image-editor': true });
    const [png, jpeg, webp, gif, text] = element.addFiles([
      await quartersPng('a.png'),
      new File([await quartersPng('b')], 'b.jpg', { type: 'image/jpeg' }),
      new File([await quartersPng('c')], 'c.webp', { type: 'image/webp' }),
      new File([await quartersPng('d')], 'd.gif', { type: 'image/gif' }),
      patternFile(10, 'notes.txt', 'text/plain'),
    ]);
    for (const item of [png, jpeg, webp]) expect(await editButton(element, item!), item!.file.name).not.toBeNull();
    for (const item of [gif, text]) expect(await editButton(element, item!), item!.file.name).toBeNull();
    expect((await editButton(element, png!))!.getAttribute('aria-label')).toBe('Edit a.png');

    png!.start();
    await reachStatus(element, png!, 'done');
    expect(await editButton(element, png!)).toBeNull();

    element.imageEditor = false;
    await element.updateComplete;
    expect(await editButton(element, jpeg!)).toBeNull();
  });

  it('crops, turns and mirrors from the keyboard alone; the server stores the edited image, same name and type', async () => {
    const element = await mount({ auto: 'false', 'image-editor': true });
    const original = await quartersPng('quarters.png');
    const [item] = element.addFiles([original]);
    const edit = await editButton(element, item!);
    edit!.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await until(() => (dialogOf(element)?.open ? dialogOf(element) : undefined), 'the editor is open');
    await expectNoAxeViolations(element);

    // The focus starts on the crop area, named and described (its size and place, and the keys).
    const crop = cropArea(element);
    expect(shadow(element).activeElement).toBe(crop);
    expect(crop.getAttribute('aria-label')).toBe('Crop area');
    expect(crop.getAttribute('aria-describedby')!.split(' ').map((id) => plain(dialog!.querySelector(`#${id}`)!.textContent))).toEqual([
      '200 × 100 pixels, from 0, 0',
      'Arrow keys move the crop area; Shift with arrow keys changes its size.',
    ]);

    // Rotate right (Tab to it, Enter): the image is 100 × 200 now, its blue quarter top right.
    await userEvent.tab();
    await userEvent.tab();
    expect(shadow(element).activeElement?.textContent?.trim()).toBe('Rotate right');
    await userEvent.keyboard('{Enter}');
    expect(sizeText(element)).toBe('100 × 200 pixels, from 0, 0');
    // Back to the crop area; half its height (a step is a fiftieth of the longer side: 4 px), then moved down to the bottom half.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(shadow(element).activeElement).toBe(crop);
    for (let i = 0; i < 25; i++) await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}');
    for (let i = 0; i < 30; i++) await userEvent.keyboard('{ArrowDown}'); // stops at the edge
    expect(sizeText(element)).toBe('100 × 100 pixels, from 0, 100');
    // Said once the keys rest, not at every step.
    const live = dialog!.querySelector('[aria-live="polite"]')!;
    await until(() => plain(live.textContent) === '100 × 100 pixels, from 0, 100', () => `the size said (it says "${live.textContent}")`);
    button(dialog!, 'Flip horizontally').focus();
    await userEvent.keyboard('{Enter}');
    button(dialog!, 'Save').focus();
    await userEvent.keyboard('{Enter}');

    await until(() => !dialog!.isConnected, 'the editor closed');
    expect(item!.file).not.toBe(original); // written before the dialog closes
    expect(item!.file.name).toBe('quarters.png');
    expect(item!.file.type).toBe('image/png');
    expect(item!.status).toBe('ready'); // auto="false": it still waits for Start
    await until(() => shadow(element).activeElement === edit, 'the focus is back on Edit');

    item!.start();
    await reachStatus(element, item!, 'done');
    const stored = await storedImage('quarters.png');
    expect([stored.width, stored.height]).toEqual([100, 100]);
    expect(stored.object.contentType).toBe('image/png');
    // Turned right, the bottom half of the image was its right half: green above yellow became yellow left, red right; mirrored: red left, yellow right.
    expect(stored.pixel(25, 50)).toEqual(RED);
    expect(stored.pixel(75, 50)).toEqual(YELLOW);
  });

  it('moves and resizes the crop area with the pointer', async () => {
    const element = await mount({ auto: 'false', 'image-editor': true });
    const original = await quartersPng('pointer.png');
    const [item] = element.addFiles([original]);
    const picture = (await thumbnailOf(element, item!)).src;
    const dialog = await openEditor(element, item!);
    const crop = cropArea(element);
    const frame = crop.parentElement!.getBoundingClientRect();
    const perPixel = frame.width / 200;
    const pointer = (target: Element, type: string, x: number, y: number) =>
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true, pointerId: 1, button: 0, isPrimary: true, clientX: x, clientY: y }));
    // The bottom right handle, dragged up and left by half the image's size.
    const handle = crop.querySelector('[data-handle="se"]')!;
    const corner = handle.getBoundingClientRect();
    const [x, y] = [corner.left + corner.width / 2, corner.top + corner.height / 2];
    pointer(handle, 'pointerdown', x, y);
    pointer(handle, 'pointermove', x - 100 * perPixel, y - 50 * perPixel);
    pointer(handle, 'pointerup', x - 100 * perPixel, y - 50 * perPixel);
    expect(sizeText(element)).toBe('100 × 50 pixels, from 0, 0');
    // The area itself, dragged right and down to the bottom right quarter (and no further).
    const box = crop.getBoundingClientRect();
    pointer(crop, 'pointerdown', box.left + 10, box.top + 10);
    pointer(crop, 'pointermove', box.left + 10 + 150 * perPixel, box.top + 10 + 80 * perPixel);
    pointer(crop, 'pointerup', box.left + 10 + 150 * perPixel, box.top + 10 + 80 * perPixel);
    expect(sizeText(element)).toBe('100 × 50 pixels, from 100, 50');

    button(dialog, 'Square').click();
    expect(sizeText(element)).toBe('50 × 50 pixels, from 125, 50');
    expect(button(dialog, 'Square').getAttribute('aria-pressed')).toBe('true');
    button(dialog, 'Save').click();
    await until(() => !dialog.isConnected, 'the editor closed');
    expect(item!.file).not.toBe(original); // written before the dialog closes
    // The row's picture is made again, of the square.
    const square = await until(async () => {
      const image = await thumbnailOf(element, item!);
      return image.src !== picture && (await image.decode(), image);
    }, 'a new picture of the edited image');
    expect(square.naturalWidth).toBe(square.naturalHeight);
    item!.start();
    await reachStatus(element, item!, 'done');
    const stored = await storedImage('pointer.png');
    expect([stored.width, stored.height]).toEqual([50, 50]);
    expect(stored.pixel(25, 25)).toEqual(YELLOW);
  });

  it('Escape cancels: the file stays as it was, the focus goes back to Edit', async () => {
    const element = await mount({ auto: 'false', 'image-editor': true });
    const original = await quartersPng('kept.png');
    const [item] = element.addFiles([original]);
    const dialog = await openEditor(element, item!);
    button(dialog, 'Rotate left').click();
    cropArea(element).focus();
    await userEvent.keyboard('{Escape}');
    await until(() => !dialog.isConnected, 'the editor closed');
    expect(item!.file).toBe(original);
    await until(() => shadow(element).activeElement === (shadow(element).querySelector('[data-action="edit"]') as Element), 'the focus is back on Edit');
  });

  it('says so when the image cannot be read, and leaves the file as it was', async () => {
    const element = await mount({ auto: 'false', 'image-editor': true });
    const broken = patternFile(100, 'broken.png', 'image/png');
    const [item] = element.addFiles([broken]);
    (await editButton(element, item!))!.click();
    const dialog = await until(() => shadow(element).querySelector<HTMLDialogElement>('dialog[role="alertdialog"][open]'), 'the message is shown');
    expect(dialog.textContent).toContain('This image cannot be opened for editing.');
    await expectNoAxeViolations(element);
    await userEvent.keyboard('{Escape}');
    await until(() => !dialog.isConnected, 'the message closed');
    expect(item!.file).toBe(broken);
  });

  it('an upload under way is paused while the editor is open, and Cancel resumes the same session', async () => {
    // The session's first chunk is held by the server: the upload is under way, and cannot end, when Edit is pressed.
    const element = await mount({ 'image-editor': true, 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultsOnce([{ kind: 'hold' }])));
    const events = recordEvents(element);
    const file = await noisePng('resumed.png', 400, 400);
    expect(file.size).toBeGreaterThan(2 * QUANTUM);
    await import('../../../src/element/editor/edit-image.ts'); // loaded: the click opens it at once
    const [item] = element.addFiles([file]);
    await until(() => item!.status === 'uploading' && item!.upload?.sessionUri, 'the session started, its first chunk on its way');
    const sessionUri = item!.upload!.sessionUri;

    const dialog = await openEditor(element, item!);
    expect(item!.status).toBe('paused');
    button(dialog, 'Cancel').click();
    await reachStatus(element, item!, 'done');

    expect(item!.file).toBe(file);
    expect(item!.upload!.sessionUri).toBe(sessionUri);
    expect(events.filter((event) => event.startsWith('upload-start'))).toEqual(['upload-start:resumed.png']);
    const [stored] = await objectsNamed('resumed.png');
    expect((await objectsNamed('resumed.png')).length).toBe(1);
    expect(stored!.sha256).toBe(await sha256(file));
  });

  it('Save on an upload under way ends its session, uploads the edited image from zero: one object, no record left', async () => {
    const url = `${serverUrl}/upload/test/v1/${crypto.randomUUID()}`;
    const element = await mount({ endpoint: url, 'image-editor': true, 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultsOnce([{ kind: 'hold' }])));
    const events = recordEvents(element);
    const file = await noisePng('edited.png', 400, 400);
    await import('../../../src/element/editor/edit-image.ts');
    const [item] = element.addFiles([file]);
    await until(() => item!.status === 'uploading' && item!.upload?.sessionUri, 'the session started, its first chunk on its way');
    const oldSession = item!.upload!.sessionUri!;
    // The record is written after the session starts: waited for, not assumed (WebKit wrote it later).
    await until(async () => (await listStoredUploads(url)).length === 1, 'the session recorded');

    const dialog = await openEditor(element, item!);
    expect(item!.status).toBe('paused');
    cropArea(element).focus();
    for (let i = 0; i < 10; i++) await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}'); // 8 px a step: 80 px narrower
    button(dialog, 'Rotate right').click();
    button(dialog, 'Save').click();
    await reachStatus(element, item!, 'done');

    // The first session was deleted on the server (it answers as for an expired one), never finished.
    expect((await sessionLog(oldSession)).expired).toBe(true);
    expect(item!.upload!.sessionUri).not.toBe(oldSession);
    expect(events.filter((event) => event.startsWith('upload-start') || event.startsWith('upload-cancel'))).toEqual(['upload-start:edited.png', 'upload-start:edited.png']);
    const stored = await storedImage('edited.png');
    expect([stored.width, stored.height]).toEqual([400, 320]);
    expect(stored.object.sha256).toBe(await sha256(item!.file));
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('a Save that cannot write the image keeps the dialog open and says so; the file stays, and a later Save goes through', async () => {
    const element = await mount({ auto: 'false', 'image-editor': true });
    const original = await quartersPng('too-large.png');
    const [item] = element.addFiles([original]);
    const unhandled: unknown[] = [];
    const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
    window.addEventListener('unhandledrejection', onUnhandled);
    // What a canvas too large for the browser does: its blob comes back null.
    const toBlob = HTMLCanvasElement.prototype.toBlob;
    HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
      callback(null);
    };
    try {
      const dialog = await openEditor(element, item!);
      button(dialog, 'Rotate right').click();
      button(dialog, 'Save').click();
      // Either way the Save ends: said in the dialog, or the dialog closed.
      await until(() => dialog.querySelector('[role="alert"]') || !dialog.open, 'the Save ended');
      expect(dialog.open).toBe(true);
      expect(plain(dialog.querySelector('[role="alert"]')!.textContent)).toBe('The edited image could not be saved. Try a smaller crop area, or Cancel to keep the original.');
      expect(dialog.open).toBe(true);
      expect(item!.file).toBe(original);
      expect(sizeText(element)).toBe('100 × 200 pixels, from 0, 0'); // the edit is still there
      await expectNoAxeViolations(element);

      HTMLCanvasElement.prototype.toBlob = toBlob;
      button(dialog, 'Save').click();
      await until(() => !dialog.isConnected, 'the editor closed');
      expect(item!.file).not.toBe(original);
      expect(unhandled).toEqual([]);
    } finally {
      HTMLCanvasElement.prototype.toBlob = toBlob;
      window.removeEventListener('unhandledrejection', onUnhandled);
    }
  });

  it("names the file in its title as the rows do: without the name's bidi controls", async () => {
    const element = await mount({ auto: 'false', 'image-editor': true });
    // U+202E turns what follows right to left: shown raw, 'photo\u202Egnp.exe' reads as 'photoexe.png'.
    const [item] = element.addFiles([new File([await quartersPng('x')], 'photo\u202Egnp.exe.png', { type: 'image/png' })]);
    const dialog = await openEditor(element, item!);
    expect(plain(dialog.querySelector('h2')!.textContent)).toBe('Edit photognp.exe.png');
    button(dialog, 'Cancel').click();
  });

  it('an edit saved while the upload is prepared gets options made for the edited file, not the old one', async () => {
    const element = await mount({ 'image-editor': true });
    const original = await quartersPng('prepared.png', 400, 200);
    // `prepare` is held for the first file until the edit is saved; its options depend on the file's size.
    const asked: File[] = [];
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    element.prepare = async (file) => {
      asked.push(file);
      if (asked.length === 1) await held;
      return { metadata: { name: file.name, bytes: String(file.size) } };
    };
    await import('../../../src/element/editor/edit-image.ts');
    const [item] = element.addFiles([original]);
    await until(() => asked.length === 1, 'the upload prepared');
    expect(item!.status).toBe('starting');

    const dialog = await openEditor(element, item!);
    expect(item!.status).toBe('paused');
    button(dialog, 'Rotate right').click();
    button(dialog, 'Save').click();
    await until(() => !dialog.isConnected, 'the editor closed');
    const edited = item!.file;
    expect(edited).not.toBe(original);
    release();
    await reachStatus(element, item!, 'done');

    expect(asked).toEqual([original, edited]);
    const stored = await storedImage('prepared.png');
    expect([stored.width, stored.height]).toEqual([200, 400]);
    expect(stored.object.metadata).toMatchObject({ bytes: String(edited.size) });
  });

  it('an edited image the rules refuse (max-file-size) is rejected on its row: its session ended, upload-reject and no upload-cancel', async () => {
    // Written again by the editor, it grows past the limit: the original's size.
    const original = await noiseJpeg('grows.jpg', 1200);
    expect(original.size).toBeGreaterThan(QUANTUM); // its first chunk, held, cannot finish it
    const element = await mount({ 'image-editor': true, 'chunk-size': String(QUANTUM), 'max-file-size': String(original.size) }, (el) => (el.headers = faultsOnce([{ kind: 'hold' }])));
    const events = recordEvents(element);
    await import('../../../src/element/editor/edit-image.ts');
    const [item] = element.addFiles([original]);
    await until(() => item!.status === 'uploading' && item!.upload?.sessionUri, 'the session started, its chunk on its way');
    const oldSession = item!.upload!.sessionUri!;

    const dialog = await openEditor(element, item!);
    button(dialog, 'Save').click();
    await until(() => !dialog.isConnected, 'the editor closed');
    expect(item!.file.size).toBeGreaterThan(original.size);
    await until(() => ['rejected', 'done', 'failed'].includes(item!.status), 'the row settled');
    expect(item!.status).toBe('rejected');
    expect([item!.rejection, item!.rejectionLimit]).toEqual(['max-file-size', original.size]);
    expect(plain((await rowOf(element, item!)).querySelector('[part~=status]')!.textContent)).toMatch(/^Not added: it is larger than /);
    expect(events.filter((event) => !event.startsWith('upload-progress'))).toEqual(['upload-add:grows.jpg', 'upload-start:grows.jpg', 'upload-reject:grows.jpg']);
    await until(async () => (await sessionLog(oldSession)).expired, 'the session begun ended on the server');
    expect(await objectsNamed('grows.jpg')).toEqual([]);
    // The row has no Edit button now: the focus is on the row, not lost to the page.
    await until(() => (shadow(element).activeElement as HTMLElement | null)?.dataset.item === item!.id, 'the focus on the row');
  });

  it('an edited image the rules refuse while its upload is prepared gets no options and no upload', async () => {
    const original = await noiseJpeg('refused.jpg', 300);
    const element = await mount({ 'image-editor': true, 'max-file-size': String(original.size) });
    const asked: File[] = [];
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    element.prepare = async (file) => {
      asked.push(file);
      await held;
      return {};
    };
    const events = recordEvents(element);
    await import('../../../src/element/editor/edit-image.ts');
    const [item] = element.addFiles([original]);
    await until(() => asked.length === 1, 'the upload prepared');
    const dialog = await openEditor(element, item!);
    button(dialog, 'Save').click();
    await until(() => !dialog.isConnected, 'the editor closed');
    expect(item!.status).toBe('rejected');
    release();
    // The preparation under way ends with nothing made; what must not happen is given time to show (a second `prepare`, an upload).
    await held;
    await new Promise((next) => setTimeout(next, 300));
    expect([asked, item!.upload, item!.status]).toEqual([[original], undefined, 'rejected']);
    expect(events).toEqual(['upload-add:refused.jpg', 'upload-reject:refused.jpg']);
  });
});

// Folders, paste anywhere and the camera. A folder drop is a real one: Chromium's DevTools protocol
// drops a folder of this repository on the element as the operating system would, so
// `webkitGetAsEntry` and `getAsFileSystemHandle` answer as they do for a person's drop. The folder
// picker (`directory` with `file-handles`) cannot be clicked through by any test tool: only its
// dialog is replaced, answering with real handles of the origin-private file system.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cdp, server, userEvent } from 'vitest/browser';
import { clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import type { ResumableUploadElement, UploadItem } from '../../../src/element.ts';
import { patternFile } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, reachStatus, shadow } from './support/fixture.ts';

const FOLDER = `${server.config.root}/test/browser/element/fixtures/folder-drop`;

/** Drops these paths (folders or files) on the element's drop zone, through the browser's own drag and drop. */
async function dropPaths(element: ResumableUploadElement, paths: string[]): Promise<void> {
  const zone = shadow(element).querySelector('[part=drop-zone]')!.getBoundingClientRect();
  // The test page is a frame of the runner's page, maybe scaled: the protocol takes the top page's coordinates.
  const frame = window.frameElement?.getBoundingClientRect();
  const scale = frame ? frame.width / window.innerWidth : 1;
  const x = (frame?.left ?? 0) + (zone.left + zone.width / 2) * scale;
  const y = (frame?.top ?? 0) + (zone.top + zone.height / 2) * scale;
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp().send('Input.dispatchDragEvent', { type, x, y, data });
}

async function itemsAfterDrop(element: ResumableUploadElement, count: number): Promise<readonly UploadItem[]> {
  for (let i = 0; i < 200 && element.items.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(element.items).toHaveLength(count);
  return element.items;
}

const paths = (items: readonly UploadItem[]) => items.map((item) => item.relativePath);

const DROPPED = ['photos/2024/b.txt', 'photos/2024/c.txt', 'photos/a.txt', 'notes.txt'];

beforeEach(() => clearStoredUploads());

describe.runIf(server.browser === 'chromium')('a folder dropped or chosen (Chromium: the drop comes through its DevTools protocol)', () => {
  const withoutHandles = Object.getOwnPropertyDescriptor(DataTransferItem.prototype, 'getAsFileSystemHandle');
  afterEach(() => {
    if (withoutHandles) Object.defineProperty(DataTransferItem.prototype, 'getAsFileSystemHandle', withoutHandles);
  });

  it('adds its files recursively with their relativePath, in events and metadata, and keeps each file handle', async () => {
    const url = endpoint();
    const element = await mount({ endpoint: url, multiple: true }, (el) => {
      el.metadata = (file, item) => ({ name: item.relativePath, size: file.size });
    });
    const added: string[] = [];
    element.addEventListener('upload-add', (event) => added.push(event.detail.relativePath));
    await dropPaths(element, [`${FOLDER}/photos`, `${FOLDER}/notes.txt`]);
    const items = await itemsAfterDrop(element, 4);
    expect(paths(items)).toEqual(DROPPED);
    expect(added).toEqual(DROPPED);
    expect(items.map((item) => item.file.name)).toEqual(['b.txt', 'c.txt', 'a.txt', 'notes.txt']);
    for (const item of items) await reachStatus(element, item, 'done');
    expect(items.map((item) => (item.result!.body as { name: string }).name)).toEqual(DROPPED);
    expect(await items[0]!.file.text()).toBe('second photo, in a subfolder\n');
    expect(element.hasAttribute('dragover')).toBe(false);
  });

  it('keeps the handle of every file of a dropped folder with its session, for Resume after a reload', async () => {
    const url = endpoint();
    const element = await mount({ endpoint: url, multiple: true }, (el) => {
      // Every chunk refused: the sessions stay stored, as after a crash.
      el.headers = faultHeaders([{ kind: 'status', status: 400, times: 10 }]);
    });
    await dropPaths(element, [`${FOLDER}/photos`]);
    const items = await itemsAfterDrop(element, 3);
    for (const item of items) await reachStatus(element, item, 'failed');
    const stored = await listStoredUploads(url);
    expect(stored.map((record) => [record.name, record.fileHandle?.kind, record.fileHandle?.name]).sort()).toEqual([
      ['a.txt', 'file', 'a.txt'],
      ['b.txt', 'file', 'b.txt'],
      ['c.txt', 'file', 'c.txt'],
    ]);
  });

  it('walks the folder with webkitGetAsEntry where the browser gives no handles (Firefox, Safari)', async () => {
    Object.defineProperty(DataTransferItem.prototype, 'getAsFileSystemHandle', { value: undefined, configurable: true });
    const url = endpoint();
    const element = await mount({ endpoint: url, multiple: true }, (el) => {
      el.headers = faultHeaders([{ kind: 'status', status: 400, times: 10 }]);
    });
    await dropPaths(element, [`${FOLDER}/photos`, `${FOLDER}/notes.txt`]);
    const items = await itemsAfterDrop(element, 4);
    expect(paths(items)).toEqual(DROPPED);
    expect(await items[2]!.file.text()).toBe('first photo\n');
    for (const item of items) await reachStatus(element, item, 'failed');
    expect((await listStoredUploads(url)).map((record) => record.fileHandle)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('checks a folder\'s files against the rules like any other: each extra one is rejected without multiple', async () => {
    const element = await mount({ auto: 'false' });
    await dropPaths(element, [`${FOLDER}/photos`]);
    const items = await itemsAfterDrop(element, 3);
    expect(items.map((item) => `${item.relativePath}:${item.status}:${item.rejection}`)).toEqual([
      'photos/2024/b.txt:ready:undefined',
      'photos/2024/c.txt:rejected:multiple',
      'photos/a.txt:rejected:multiple',
    ]);
  });

  // Playwright sets a folder on a file input in Chromium only.
  it('takes the folder chosen in the file input with each file\'s relativePath', async () => {
    const element = await mount({ directory: true, auto: 'false' });
    await userEvent.upload(shadow(element).querySelector('input')!, ['test/browser/element/fixtures/folder-drop/photos']);
    const items = await itemsAfterDrop(element, 3);
    expect(paths(items).sort()).toEqual(['photos/2024/b.txt', 'photos/2024/c.txt', 'photos/a.txt']);
  });
});

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
    expect(input.webkitdirectory).toBe(true);
    expect(input.getAttribute('capture')).toBe('environment');
    expect(shadow(element).querySelector('[part=button]')!.textContent!.trim()).toBe('Choose a folder');
    element.directory = false;
    element.capture = undefined;
    await element.updateComplete;
    expect(input.webkitdirectory).toBe(false);
    expect(input.hasAttribute('capture')).toBe(false);
    await expectNoAxeViolations(element);
  });

  it('with directory and file-handles, the button opens the folder picker and keeps every file handle', async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle(`album-${crypto.randomUUID()}`, { create: true });
    const sub = await folder.getDirectoryHandle('2024', { create: true });
    for (const [directory, name] of [[folder, 'z.bin'], [sub, 'y.bin']] as const) {
      const writable = await (await directory.getFileHandle(name, { create: true })).createWritable();
      await writable.write(new Uint8Array(100).fill(7));
      await writable.close();
    }
    let calls = 0;
    picker.showDirectoryPicker = async () => (calls++, folder);
    const url = endpoint();
    const element = await mount({ endpoint: url, directory: true, 'file-handles': true }, (el) => {
      el.headers = faultHeaders([{ kind: 'status', status: 400, times: 10 }]);
    });
    shadow(element).querySelector<HTMLButtonElement>('[part=button]')!.click();
    const items = await itemsAfterDrop(element, 2);
    expect(calls).toBe(1);
    expect(paths(items)).toEqual([`${folder.name}/2024/y.bin`, `${folder.name}/z.bin`]);
    for (const item of items) await reachStatus(element, item, 'failed');
    expect((await listStoredUploads(url)).map((record) => record.fileHandle?.name).sort()).toEqual(['y.bin', 'z.bin']);
    await root.removeEntry(folder.name, { recursive: true });
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

// Folders dropped or chosen in the file input, in Chromium alone (vite.config.ts runs *.chromium.test.ts
// only there): no test tool can drop a folder or set one on a file input in Firefox. A drop is a real
// one: Chromium's DevTools protocol drops a folder of this repository on the element as the operating
// system would, so `webkitGetAsEntry` and `getAsFileSystemHandle` answer as they do for a person's drop.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cdp, server, userEvent } from 'vitest/browser';
import { clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { itemsAfterDrop, mount, reachStatus, relativePaths, shadow } from './support/fixture.ts';
import { until } from '../../support/until.ts';

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

const DROPPED = ['photos/2024/b.txt', 'photos/2024/c.txt', 'photos/a.txt', 'notes.txt'];

beforeEach(() => clearStoredUploads());

describe('a folder dropped or chosen (the drop comes through Chromium\'s DevTools protocol)', () => {
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
    expect(relativePaths(items)).toEqual(DROPPED);
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
    expect(relativePaths(items)).toEqual(DROPPED);
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
    // The folder button makes the input pick a folder, then opens it: no dialog in a test, the folder is set on the input.
    const input = shadow(element).querySelector('input')!;
    input.addEventListener('click', (event) => event.preventDefault(), { once: true });
    shadow(element).querySelector<HTMLButtonElement>('[data-folder]')!.click();
    await until(() => input.webkitdirectory, 'the input picks a folder');
    await userEvent.upload(input, ['test/browser/element/fixtures/folder-drop/photos']);
    const items = await itemsAfterDrop(element, 3);
    expect(relativePaths(items).sort()).toEqual(['photos/2024/b.txt', 'photos/2024/c.txt', 'photos/a.txt']);
  });
});

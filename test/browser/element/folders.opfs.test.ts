// The folder picker (`directory` with `file-handles`) keeps a handle for every file. No test tool can
// click through its dialog: it is replaced, answering with real handles of the origin-private file
// system. Not in WebKit, which has no file system handles (vite.config.ts lists it); there the folder
// button opens the file input, as folders.test.ts shows in every engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { itemsAfterDrop, mount, reachStatus, relativePaths, shadow } from './support/fixture.ts';

beforeEach(() => clearStoredUploads());

describe('the folder picker', () => {
  type ShowDirectoryPicker = () => Promise<FileSystemDirectoryHandle>;
  const picker = window as { showDirectoryPicker?: ShowDirectoryPicker };
  const browserPicker = picker.showDirectoryPicker;
  afterEach(() => {
    picker.showDirectoryPicker = browserPicker;
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
    expect(relativePaths(items)).toEqual([`${folder.name}/2024/y.bin`, `${folder.name}/z.bin`]);
    for (const item of items) await reachStatus(element, item, 'failed');
    expect((await listStoredUploads(url)).map((record) => record.fileHandle?.name).sort()).toEqual(['y.bin', 'z.bin']);
    await root.removeEntry(folder.name, { recursive: true });
  });
});

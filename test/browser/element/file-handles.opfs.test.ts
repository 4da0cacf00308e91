// `file-handles` with real handles: files chosen with the button or Choose again come from
// `showOpenFilePicker`, and their handle is stored with the session, so after a reload Resume needs no
// new choice of file. The dialog is replaced (support/picker.ts), answering with real handles of the
// origin-private file system. Not in WebKit, which has no file system handles (vite.config.ts lists
// it); there the button and Choose again open the file input, as file-handles.test.ts shows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from 'vitest/browser';
import { clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import { expectStored } from '../support/expect-stored.ts';
import { QUANTUM } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { mount, nextEvent } from './support/fixture.ts';
import { expectFirstChunkSentOnce, fileInOpfs, interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { button, replacePicker, restorePicker, watchInput } from './support/picker.ts';

beforeEach(() => clearStoredUploads());
afterEach(restorePicker);

describe('file-handles, with real handles', () => {
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
});

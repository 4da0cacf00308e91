// Interrupted uploads whose file handle was kept (File System Access): Resume reads the file from it.
// Needs a real FileSystemFileHandle, made here in the origin-private file system: not in WebKit, which
// has neither (vite.config.ts lists it). There the record is kept without a handle and the row asks for
// the file again, as interrupted.test.ts shows in every engine.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import { expectStored } from '../support/expect-stored.ts';
import { QUANTUM, patternBytes } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, nextEvent, shadow } from './support/fixture.ts';
import { expectFirstChunkSentOnce, fileInOpfs, interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { until } from '../../support/until.ts';

beforeEach(() => clearStoredUploads());

describe('interrupted uploads in the element, with a kept file handle', () => {
  it('Resume reads the file from its kept handle: no new choice of file', async () => {
    const url = endpoint();
    const handle = await fileInOpfs(3 * QUANTUM + 11);
    const file = await handle.getFile();
    const sessionUri = await interrupt(file, url, handle);
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) });
    const [row] = await rowsAfterConnect(element, 1);
    const resume = row!.querySelector<HTMLButtonElement>('[part~="resume-button"]')!;
    expect(resume.getAttribute('aria-label')).toBe(`Resume ${file.name}`);
    await expectNoAxeViolations(element);

    const success = nextEvent(element, 'upload-success');
    resume.click();
    resume.click(); // a double-click resumes once
    const { result, item } = (await success).detail;
    expect(item.file.name).toBe(file.name);
    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
    await rowsAfterConnect(element, 0);
    expect(element.items).toHaveLength(1);
    // The first chunk was on the server before: it was not sent again.
    await expectFirstChunkSentOnce(sessionUri, file);
  });

  it("keeps a folder's path across a reload: the interrupted row shows it, and the resumed item and its events carry it", async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle(`album-${crypto.randomUUID()}`, { create: true });
    const handle = await (await folder.getDirectoryHandle('2024', { create: true })).getFileHandle('beach.bin', { create: true });
    const writable = await handle.createWritable();
    await writable.write(patternBytes(3 * QUANTUM + 11));
    await writable.close();
    const path = `${folder.name}/2024/beach.bin`;
    // The folder picker's dialog is replaced (no test tool can click through it), answering with a real handle.
    const picker = window as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> };
    const browserPicker = picker.showDirectoryPicker;
    picker.showDirectoryPicker = async () => folder;
    try {
      const url = endpoint();
      const first = await mount({ endpoint: url, directory: true, 'file-handles': true, 'chunk-size': String(QUANTUM) }, (el) => {
        el.headers = faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]);
      });
      shadow(first).querySelector<HTMLButtonElement>('[part=button]')!.click();
      await until(() => first.items[0]?.status === 'failed', 'the upload from the folder fails', 10);
      expect(first.items.map((item) => [item.relativePath, item.status])).toEqual([[path, 'failed']]);
      const [record] = await listStoredUploads(url);
      expect(record!.relativePath).toBe(path);
      first.remove();

      // As after a reload: another element on the endpoint lists the upload under its folder.
      const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) });
      const [row] = await rowsAfterConnect(element, 1);
      expect(row!.querySelector('[part~="name"]')!.textContent).toBe(path);
      expect(row!.querySelector('[part~="name"]')!.getAttribute('title')).toBe(path);
      const added = nextEvent(element, 'upload-add');
      const success = nextEvent(element, 'upload-success');
      row!.querySelector<HTMLButtonElement>('[part~="resume-button"]')!.click();
      expect((await added).detail.relativePath).toBe(path);
      const { result, item } = (await success).detail;
      expect(item.relativePath).toBe(path);
      expect(result.sessionUri).toBe(record!.sessionUri);
      await element.updateComplete;
      expect(shadow(element).querySelector(`[data-item="${item.id}"] [part~="name"]`)!.textContent).toBe(path);
      await expectFirstChunkSentOnce(record!.sessionUri, await handle.getFile());
    } finally {
      picker.showDirectoryPicker = browserPicker;
      await root.removeEntry(folder.name, { recursive: true });
    }
  });

  it('a kept handle whose file changed asks for the file again', async () => {
    const url = endpoint();
    const handle = await fileInOpfs(2 * QUANTUM);
    await interrupt(await handle.getFile(), url, handle);
    const element = await mount({ endpoint: url });
    const [row] = await rowsAfterConnect(element, 1);

    const rewrite = await handle.createWritable();
    await rewrite.write(patternBytes(2 * QUANTUM + 1, 5));
    await rewrite.close();
    row!.querySelector<HTMLButtonElement>('[part~="resume-button"]')!.click();
    await until(async () => (await element.updateComplete, shadow(element).querySelector('[part~="choose-again-button"]')), 'a Choose again button');
    expect(element.items).toEqual([]);
  });
});

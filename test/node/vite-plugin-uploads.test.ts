import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadsFolder } from '../../server/vite-plugin.ts';

// A temp folder of the test's own: the shared one holds what killed servers left, GiBs at times, and
// removing those would make this test as slow as the machine's history.
let parent = '';
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const folderOf = (pid: number) => path.join(parent, `resumable-upload-vite-${pid}`);

describe("the vite plugin's uploads folder", () => {
  it("is named after this process, and removes the folders of vite servers that were killed, not those still running", () => {
    parent = mkdtempSync(path.join(tmpdir(), 'vite-plugin-uploads-'));
    // A process that has ended: its pid names a folder a killed server left behind.
    const ended = spawnSync(process.execPath, ['--version']);
    const gone = folderOf(ended.pid!);
    mkdirSync(gone);
    writeFileSync(path.join(gone, 'upload'), 'bytes of a finished run');
    // A running process (the one that started this test run): its server may still be receiving.
    const running = folderOf(process.ppid);
    mkdirSync(running);

    const dir = uploadsFolder(parent);
    expect(dir).toBe(folderOf(process.pid));
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(running)).toBe(true);
  });
});

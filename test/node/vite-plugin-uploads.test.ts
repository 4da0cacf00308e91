import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadsFolder } from '../../server/vite-plugin.ts';

const folderOf = (pid: number) => path.join(tmpdir(), `resumable-upload-vite-${pid}`);

describe("the vite plugin's uploads folder", () => {
  it("is named after this process, and removes the folders of vite servers that were killed, not those still running", () => {
    // A process that has ended: its pid names a folder a killed server left behind.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const gone = folderOf(Number(ended.stdout));
    mkdirSync(gone, { recursive: true });
    writeFileSync(path.join(gone, 'upload'), 'bytes of a finished run');
    // A running process (the one that started this test run): its server may still be receiving.
    const running = folderOf(process.ppid);
    const runningExisted = existsSync(running);
    mkdirSync(running, { recursive: true });

    const dir = uploadsFolder();
    expect(dir).toBe(folderOf(process.pid));
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(running)).toBe(true);
    if (!runningExisted) rmdirSync(running);
  });
});

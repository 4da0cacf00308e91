// `npm run bench:many-files`: the element with 100, 300 and 1,000 small files at once (added by
// `addFiles` and by a drop), against the engine alone at the same concurrency, in headless Chromium
// against the reference server on loopback. Prints figures; nothing is asserted.
// Settings: --counts=100,300,1000 --bytes=1024 --concurrency=4 --runs=1 --only=engine,element --element-type=auto
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { ManyFilesRun } from './many-files-page/main.ts';
import { launchBrowser } from './browser.ts';
import { describeMachine, machineLine } from './machine.ts';
import { startServers } from './servers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);

function flag(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}
const counts = flag('counts', '100,300,1000').split(',').map(Number);
const bytes = Number(flag('bytes', '1024'));
const concurrency = Number(flag('concurrency', '4'));
const runs = Number(flag('runs', '1'));
const only = flag('only', 'engine,element').split(',');
/** The element's `upload-type`; none: its default. */
const elementType = flag('element-type', '') as '' | 'resumable' | 'auto';

interface Case {
  label: string;
  call:
    | { kind: 'engine'; uploadType: 'resumable' | 'auto' }
    | { kind: 'element'; uploadType: '' | 'resumable' | 'auto'; how: 'add' | 'drop' }
    | { kind: 'folder'; uploadType: '' | 'resumable' | 'auto' };
}
const cases: Case[] = [
  ...(only.includes('engine')
    ? [
        { label: 'engine, resumable', call: { kind: 'engine', uploadType: 'resumable' } } as const,
        { label: 'engine, auto', call: { kind: 'engine', uploadType: 'auto' } } as const,
      ]
    : []),
  ...(only.includes('element')
    ? [
        { label: `element${elementType ? ` ${elementType}` : ''}, addFiles`, call: { kind: 'element', uploadType: elementType, how: 'add' } } as const,
        { label: `element${elementType ? ` ${elementType}` : ''}, drop of files`, call: { kind: 'element', uploadType: elementType, how: 'drop' } } as const,
        { label: `element${elementType ? ` ${elementType}` : ''}, folder drop`, call: { kind: 'folder', uploadType: elementType } } as const,
      ]
    : []),
];

/** `count` files of `bytes` bytes, each different, in a folder with a subfolder, written once and reused. */
function folderOf(count: number): string {
  const folder = path.join(here, '.files', `many-files-${count}x${bytes}`, 'photos');
  const written = path.join(folder, '..', 'written'); // beside the folder, not dropped with it
  if (existsSync(written)) return folder;
  mkdirSync(path.join(folder, 'more'), { recursive: true });
  for (let index = 0; index < count; index++) {
    const body = Buffer.alloc(bytes);
    body.writeUInt32BE(index, 0);
    writeFileSync(path.join(folder, index % 2 ? 'more' : '', `file-${String(index).padStart(5, '0')}.bin`), body);
  }
  writeFileSync(written, '');
  return folder;
}

/** Chromium's own drag and drop of a folder from disk onto the element, as from the file manager. */
async function dropFolder(page: Page, folder: string): Promise<void> {
  const box = (await page.locator('#element').boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [folder], dragOperationsMask: 1 };
  const at = { x: box.x + box.width / 2, y: box.y + 20 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
}

log('page: vite build…');
const pageDir = path.join(here, '.many-files-page');
await build({ configFile: false, root: path.join(here, 'many-files-page'), base: '/', logLevel: 'warn', build: { outDir: pageDir, emptyOutDir: true } });
const servers = await startServers(pageDir, path.join(here, '.files', 'sink'));
const { browser, label } = await launchBrowser();

const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(0)} ms`);
const rows: string[] = [];
try {
  for (const count of counts) {
    for (const { label, call } of cases) {
      for (let round = 0; round < runs; round++) {
        // A fresh context each time: no stored sessions, no warm caches of an earlier run.
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          await page.goto(servers.origin);
          await page.waitForFunction(() => window.manyFiles?.ready === true);
          let run: ManyFilesRun;
          if (call.kind === 'folder') {
            const folder = folderOf(count);
            const finished = page.evaluate(({ count, concurrency, call }) => window.manyFiles.folder(count, concurrency, call.uploadType), { count, concurrency, call });
            await page.waitForFunction(() => window.manyFiles.armed);
            await dropFolder(page, folder);
            run = await finished;
          } else {
            run = await page.evaluate(
              ({ count, bytes, concurrency, call }) =>
                call.kind === 'engine'
                  ? window.manyFiles.engine(count, bytes, concurrency, call.uploadType)
                  : window.manyFiles.element(count, bytes, concurrency, call.uploadType, call.how),
              { count, bytes, concurrency, call },
            );
          }
          const line = `| ${count} | ${label} | ${ms(run.totalMs)} | ${(run.totalMs / count).toFixed(1)} ms | ${ms(run.addMs)} | ${ms(run.rowsMs)} | ${ms(run.longestTaskMs)} | ${run.fps.toFixed(0)} | ${ms(run.longestFrameMs)} | ${run.done} |`;
          log(line);
          rows.push(line);
        } finally {
          await context.close();
          await servers.clearStored();
        }
      }
    }
  }
} finally {
  await browser.close();
  await servers.close();
}

const table = [
  `Measured ${machineLine(describeMachine(label))}; ${bytes}-byte files, concurrency ${concurrency}, reference server on loopback.`,
  '',
  '| files | run | total | per file | addFiles call | rows on screen | longest task | fps | longest frame | done |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
].join('\n');
process.stdout.write(`${table}\n`);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'many-files.md'), `${table}\n`);

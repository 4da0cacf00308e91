// `npm run bench:many-files`: the element with 100, 300 and 1,000 small files at once (added by
// `addFiles` and by a drop), against the engine alone at the same concurrency, in headless Chromium
// against the reference server on loopback. Prints figures; nothing is asserted.
// Settings: --counts=100,300,1000 --bytes=1024 --concurrency=4 --runs=1 --only=engine,element --element-type=auto
import { mkdirSync, writeFileSync } from 'node:fs';
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
  call: { kind: 'engine'; uploadType: 'resumable' | 'auto' } | { kind: 'element'; uploadType: '' | 'resumable' | 'auto'; how: 'add' | 'drop' };
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
        { label: `element${elementType ? ` ${elementType}` : ''}, drop`, call: { kind: 'element', uploadType: elementType, how: 'drop' } } as const,
      ]
    : []),
];

log('page: vite build…');
const pageDir = path.join(here, '.many-files-page');
await build({ configFile: false, root: path.join(here, 'many-files-page'), base: '/', logLevel: 'warn', build: { outDir: pageDir, emptyOutDir: true } });
const servers = await startServers(pageDir, path.join(here, '.files', 'sink'));
const { browser, version } = await launchBrowser();

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
          const run: ManyFilesRun = await page.evaluate(
            ({ count, bytes, concurrency, call }) =>
              call.kind === 'engine'
                ? window.manyFiles.engine(count, bytes, concurrency, call.uploadType)
                : window.manyFiles.element(count, bytes, concurrency, call.uploadType, call.how),
            { count, bytes, concurrency, call },
          );
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
  `Measured ${machineLine(describeMachine(version))}; ${bytes}-byte files, concurrency ${concurrency}, reference server on loopback.`,
  '',
  '| files | run | total | per file | addFiles call | rows rendered | longest task | fps | longest frame | done |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
].join('\n');
process.stdout.write(`${table}\n`);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'many-files.md'), `${table}\n`);

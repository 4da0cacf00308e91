// `npm run bench:many-files`: 100, 300 and 1,000 small files at once through the element at its
// defaults, beside Uppy Dashboard with XHR upload and a raw `fetch` PUT a file, in the same run, in
// headless Chromium against the reference server on loopback. Prints figures; nothing is asserted.
// See bench/README.md. Settings: --counts=100,300,1000 --bytes=1024 --runs=3
// --concurrency=4 (Uppy, raw, the engine; the element keeps its default unless --element-concurrency=N)
// --only=element,uppy,raw[,queue,engine,drop,folder] --element-type=auto --before=DIR (a checkout whose
// src/ is measured as "before", e.g. `git worktree add /tmp/before main`) --profile (a CPU profile
// of every case's first run of each count: self time by function, and the whole profile in
// bench/results/*.cpuprofile for DevTools) --attached (every run in the browser Playwright drives,
// which reports each request over the DevTools protocol; by default a run's Chromium has nothing attached).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { ManyFilesRun } from './many-files-page/measure.ts';
import type { ManyFilesOrder } from './many-files-page/main.ts';
import { launchBrowser } from './browser.ts';
import { countCpu, type ProcessKind } from './cpu-time.ts';
import { describeMachine, machineLine } from './machine.ts';
import { startServers } from './servers.ts';
import { spread } from './stats.ts';
import { ensureUppyInstalled, uppyFolder } from './uppy/install.ts';
import { summarizeProfile, type CpuProfile } from './profile-summary.ts';
import { chromiumArgs, chromiumExecutable } from '../test/support/chromium.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);

function flag(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}
const counts = flag('counts', '100,300,1000').split(',').map(Number);
const bytes = Number(flag('bytes', '1024'));
const concurrency = Number(flag('concurrency', '4'));
const elementConcurrency = flag('element-concurrency', '') ? Number(flag('element-concurrency', '')) : undefined;
const runs = Number(flag('runs', '3'));
const only = flag('only', 'element,uppy,raw').split(',');
/** The element's `upload-type`; none: its default. */
const elementType = flag('element-type', '') as '' | 'resumable' | 'auto';
const before = flag('before', '');
const profile = process.argv.includes('--profile');
/** Every run in the browser Playwright drives, as before the unattached runs (a profile's run is driven either way). */
const attached = process.argv.includes('--attached');
// Ctrl-C and a kill end the bench through 'exit', where a run's Chromium (a process group of its own) is ended too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

type Call =
  | { kind: 'engine'; uploadType: 'resumable' | 'auto' }
  | { kind: 'element'; how: 'add' | 'drop'; page: '' | 'before/' }
  | { kind: 'queue'; page: '' | 'before/' }
  | { kind: 'folder' }
  | { kind: 'uppy' }
  | { kind: 'raw' };
interface Case {
  label: string;
  call: Call;
}
const elementLabel = `element${elementType ? ` ${elementType}` : ''}${elementConcurrency ? `, ${elementConcurrency} at a time` : ', defaults'}`;
const cases: Case[] = [
  ...(only.includes('engine')
    ? [
        { label: 'engine, resumable', call: { kind: 'engine', uploadType: 'resumable' } } as const,
        { label: 'engine, auto', call: { kind: 'engine', uploadType: 'auto' } } as const,
      ]
    : []),
  ...(only.includes('element') ? [{ label: elementLabel, call: { kind: 'element', how: 'add', page: '' } } as const] : []),
  ...(only.includes('element') && before ? [{ label: `before: ${elementLabel}`, call: { kind: 'element', how: 'add', page: 'before/' } } as const] : []),
  ...(only.includes('queue') ? [{ label: 'queue, defaults', call: { kind: 'queue', page: '' } } as const] : []),
  ...(only.includes('queue') && before ? [{ label: 'before: queue, defaults', call: { kind: 'queue', page: 'before/' } } as const] : []),
  ...(only.includes('drop') ? [{ label: `${elementLabel}, drop of files`, call: { kind: 'element', how: 'drop', page: '' } } as const] : []),
  ...(only.includes('folder') ? [{ label: `${elementLabel}, folder drop`, call: { kind: 'folder' } } as const] : []),
  ...(only.includes('uppy') ? [{ label: 'Uppy Dashboard + XHR', call: { kind: 'uppy' } } as const] : []),
  ...(only.includes('raw') ? [{ label: 'raw fetch PUT', call: { kind: 'raw' } } as const] : []),
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

const pageDir = path.join(here, '.many-files-page');
log('pages: vite build…');
/** Builds the page in `root` to `base` on the bench origin; unminified for a profile, so its functions keep their names. */
const buildPage = (root: string, base: string) =>
  build({ configFile: false, logLevel: 'warn', root, base, build: { outDir: path.join(pageDir, base), emptyOutDir: true, minify: !profile } });
await buildPage(path.join(here, 'many-files-page'), '/');
if (before) {
  // This bench's page, built against the other checkout's src/: the same measurement of both.
  const copy = path.join(before, 'bench', 'many-files-page-now');
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(here, 'many-files-page'), copy, { recursive: true });
  await buildPage(copy, '/before/');
}
if (only.includes('uppy')) {
  await ensureUppyInstalled(log);
  await buildPage(path.join(uppyFolder, 'page'), '/uppy/');
}
const servers = await startServers(pageDir, path.join(here, '.files', 'sink'));
const { browser, label, pid: browserPid } = await launchBrowser();

/** A page's figures, and the CPU time its run cost the browser and the servers. */
type MeasuredRun = ManyFilesRun & { browserCpuMs: number; serverCpuMs: number; browserCpuByKind: Record<ProcessKind, number> };

/** The order a page runs (its `ManyFilesOrder`). */
const orderOf = (count: number, call: Call) => ({ call, count, bytes, concurrency, elementConcurrency, elementType });
const addressOf = (call: Call) => {
  const at = call.kind === 'uppy' ? 'uppy/' : call.kind === 'element' || call.kind === 'queue' ? call.page : '';
  return `${servers.origin}/${at}${at ? 'index.html' : ''}`;
};

/**
 * One run of `call` with `count` files in a Chromium of its own, started with nothing attached: the
 * page runs the order in its address and posts its figures back (servers.ts, `PageRun`). A browser
 * driven over the DevTools protocol reports every request to its driver, work in the browser and in
 * this process that a person's browser does not do, a cost of each request; so the clock and the CPU
 * are read here without it. A fresh profile folder each run: no stored sessions, no warm caches.
 */
async function runUnattached(count: number, call: Call): Promise<MeasuredRun> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'many-files-chromium-'));
  const pageRun = servers.pageRun();
  const order = encodeURIComponent(JSON.stringify(orderOf(count, call)));
  const args = [...chromiumArgs, '--headless', '--window-size=1280,720', `--user-data-dir=${profileDir}`, `${addressOf(call)}#run=${order}`];
  // A process group of its own: the helpers go with it.
  const child = spawn(chromiumExecutable, args, { stdio: 'ignore', detached: true });
  const ended = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before the page posted its figures`)));
  });
  // A page that never answers (a hang in it) stops the bench with a reason instead of holding it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`No figures from the page within ${60 + count / 10} s`)), (60 + count / 10) * 1000)));
  /** Ends the run's Chromium and its helpers; false when it had ended already (or never started). */
  const killGroup = () => child.pid !== undefined && child.exitCode === null && process.kill(-child.pid);
  process.once('exit', killGroup);
  try {
    await Promise.race([pageRun.ready, ended, timedOut]);
    const cpu = countCpu(child.pid!);
    pageRun.go();
    const run = (await Promise.race([pageRun.result, ended, timedOut])) as ManyFilesRun | { error: string };
    const { browserMs, serverMs, byKind } = cpu.stop();
    if ('error' in run) throw new Error(`The page failed: ${run.error}`);
    return { ...run, browserCpuMs: browserMs, serverCpuMs: serverMs, browserCpuByKind: byKind };
  } finally {
    clearTimeout(timer);
    ended.catch(() => {});
    timedOut.catch(() => {});
    process.off('exit', killGroup);
    if (killGroup()) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10 });
    await servers.clearStored();
  }
}

/** One run of `call` with `count` files in a fresh context of the driven browser: for a profile, or a folder dropped through DevTools. */
async function runOnce(count: number, { label: caseLabel, call }: Case, profileThis: boolean): Promise<MeasuredRun> {
  if (!attached && !profileThis && call.kind !== 'folder') return runUnattached(count, call);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(addressOf(call));
    await page.waitForFunction(() => (window as { manyFiles?: { ready?: boolean } }).manyFiles?.ready === true);
    const cdp = profileThis ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    let run: ManyFilesRun;
    const cpu = countCpu(browserPid);
    if (call.kind === 'folder') {
      const folder = folderOf(count);
      const finished = page.evaluate(({ count, concurrency }) => window.manyFiles.folder(count, concurrency, ''), { count, concurrency: elementConcurrency });
      await page.waitForFunction(() => window.manyFiles.armed);
      await dropFolder(page, folder);
      run = await finished;
    } else {
      // The Uppy page takes the same order (its count, bytes and concurrency).
      run = await page.evaluate((order) => window.manyFiles.run(order as ManyFilesOrder), orderOf(count, call));
    }
    const { browserMs, serverMs, byKind } = cpu.stop();
    if (cdp) {
      const { profile: taken } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      profiles.push(`${count} files, ${caseLabel}, ${label}: ${summarizeProfile(taken)}`);
      // The whole profile too, to open in DevTools (Performance, "Load profile").
      mkdirSync(path.join(here, 'results'), { recursive: true });
      writeFileSync(path.join(here, 'results', `many-files-${count}-${caseLabel.replaceAll(/\W+/g, '-')}.cpuprofile`), JSON.stringify(taken));
    }
    return { ...run, browserCpuMs: browserMs, serverCpuMs: serverMs, browserCpuByKind: byKind };
  } finally {
    await context.close();
    await servers.clearStored();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(0)} ms`);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const perFile = (value: number) => `${value.toFixed(1)} ms`;
const rows: string[] = [];
const profiles: string[] = [];
/** Every run, by count and case label. */
const results = new Map<string, MeasuredRun[]>();
try {
  for (const count of counts) {
    // Round by round, every case once per round: a change of load meets all of them alike.
    for (let round = 0; round < runs; round++) {
      for (const entry of cases) {
        const { label } = entry;
        // Every case is profiled in the first round, so the profiler's cost meets them alike.
        const run = await runOnce(count, entry, profile && round === 0);
        const line = `| ${count} | ${label} | ${ms(run.totalMs)} | ${(run.totalMs / count).toFixed(1)} ms | ${perFile(run.browserCpuMs / run.done)} | ${perFile(run.serverCpuMs / run.done)} | ${ms(run.addMs)} | ${ms(run.rowsMs)} | ${ms(run.longestTaskMs)} | ${run.fps.toFixed(0)} | ${ms(run.longestFrameMs)} | ${run.done} |`;
        log(line);
        rows.push(line);
        const key = `${count}\u0000${label}`;
        results.set(key, [...(results.get(key) ?? []), run]);
      }
    }
  }
} finally {
  await browser.close();
  await servers.close();
}

const median = (count: number, label: string, pick: (run: MeasuredRun) => number | undefined) => {
  const values = (results.get(`${count}\u0000${label}`) ?? []).map(pick).filter((value): value is number => value !== undefined);
  return values.length ? spread(values).median : undefined;
};
const labels = cases.map(({ label }) => label);
type Pick = (run: MeasuredRun) => number | undefined;
const byKind = (kind: ProcessKind): Pick => (run) => run.browserCpuByKind[kind] / run.done;
/** Each section's cell: the medians of its picks, shown one after the other. */
const sections: [string, Pick[], (value: number) => string][] = [
  ['Total time', [(run) => run.totalMs], seconds],
  ['Rows on screen (the widgets)', [(run) => run.rowsMs], ms],
  ['Longest task (0: none over 50 ms)', [(run) => run.longestTaskMs], ms],
  ['Frames per second', [(run) => run.fps], (value) => value.toFixed(0)],
  ['CPU time a file, the browser (all its processes)', [(run) => run.browserCpuMs / run.done], perFile],
  ['CPU time a file, by the browser\'s processes: renderer / browser / network service / GPU', (['renderer', 'browser', 'network', 'gpu'] as const).map(byKind), (value) => value.toFixed(1)],
  ['CPU time a file, the servers (this Node process)', [(run) => run.serverCpuMs / run.done], perFile],
];
const cell = (count: number, label: string, picks: Pick[], show: (value: number) => string) =>
  picks.map((pick) => median(count, label, pick)).map((value) => (value === undefined ? '–' : show(value))).join(' / ');
const sideBySide = sections.flatMap(([title, picks, show]) => [
  `${title}:`,
  '',
  `| files | ${labels.join(' | ')} |`,
  `| ---: | ${labels.map(() => '---:').join(' | ')} |`,
  ...counts.map((count) => `| ${count} | ${labels.map((label) => cell(count, label, picks, show)).join(' | ')} |`),
  '',
]);
const table = [
  `Measured ${machineLine(describeMachine(label))}; ${bytes}-byte files; Uppy, raw and the engine ${concurrency} at a time; reference server on loopback; ${attached ? 'every run in the browser Playwright drives' : 'a Chromium with nothing attached for each run (a profile\'s and a folder drop\'s: the driven one)'}; the files handed over once the page had loaded and been idle a second; medians of ${runs}.`,
  '',
  ...sideBySide,
  'Every run:',
  '',
  '| files | run | total | per file | CPU a file: browser | servers | hand-over call | rows on screen | longest task | fps | longest frame | done |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
  ...(profiles.length ? ['', 'CPU profile of the page (self time):', '', ...profiles.map((line) => `- ${line}`)] : []),
].join('\n');
process.stdout.write(`${table}\n`);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'many-files.md'), `${table}\n`);

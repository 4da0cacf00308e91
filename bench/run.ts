// `npm run bench`: upload speed and memory of ours against raw PUTs, @mux/upchunk and tus-js-client,
// in headless Chromium (or --browser=firefox, --browser=webkit) over loopback, or over an emulated link (BENCH_LINK=100,40: Mbit/s, RTT ms).
// Settings: BENCH_SIZES (MiB), BENCH_RUNS, BENCH_MEMORY (GiB), BENCH_ONLY (contender ids), BENCH_LINK,
// or the same as --sizes=… --runs=… --memory=… --only=… --link=… flags.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchAnyBrowser } from './browser.ts';
import { bytesOfGiB, bytesOfMiB, freeBytes, readConfig } from './config.ts';
import { benchFile } from './files.ts';
import { OURS_DEFAULTS, roundOrder, selectLineup, type Contender } from './lineup.ts';
import { describeMachine, machineLine } from './machine.ts';
import { measure, type MeasureSetup, type Measurement } from './measure.ts';
import { buildPage } from './page-build.ts';
import { linkLabel } from './link-proxy.ts';
import { linkTable, memoryTable, sizeLabel, speedTable, summarise } from './report.ts';
import { startServers } from './servers.ts';
import { linkTargetLines, targetLines } from './targets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const filesDir = path.join(here, '.files');
const resultsDir = path.join(here, 'results');
const log = (line: string) => process.stderr.write(`${line}\n`);

const config = readConfig(process.argv.slice(2), here);
const lineup = selectLineup(config.only, config.link !== undefined);
const where = config.link ? `over an emulated link of ${linkLabel(config.link)}` : 'over loopback';
log(`bench in ${config.browser} ${where}: sizes ${config.sizesMiB.join(', ')} MiB × ${config.runs} runs, memory check ${config.memoryGiB.join(', ')} GiB; ` +
  `${(freeBytes(here) / 2 ** 30).toFixed(0)} GiB free on disk`);

const sizes = config.sizesMiB.map(bytesOfMiB);
const memorySizes = config.memoryGiB.map(bytesOfGiB);
const files = new Map<number, string>();
for (const bytes of [...sizes, ...memorySizes]) {
  if (files.has(bytes)) continue;
  log(`file: ${sizeLabel(bytes)}…`);
  files.set(bytes, await benchFile(filesDir, bytes));
}

// Freshly written files are still being flushed to disk for a while: let that finish first, or the
// first rounds compete with the writeback.
execFileSync('sync');

log('page: vite build…');
const pageDir = await buildPage();
const servers = await startServers(pageDir, path.join(filesDir, 'sink'), { link: config.link });
const { browser, pid, label } = await launchAnyBrowser(config.browser);
const machine = describeMachine(label);
const setup: MeasureSetup = { engine: config.browser, browser, browserPid: pid, servers, sampleMs: config.sampleMs };

const measurements: Measurement[] = [];
const failures: { contender: string; bytes: number; round: number; error: string }[] = [];

async function attempt(contender: Contender, bytes: number, round: number, into: Measurement[]) {
  try {
    const m = await measure(setup, contender, files.get(bytes)!, round);
    into.push(m);
    log(`  ${sizeLabel(bytes)} ${round < 0 ? 'warm-up' : `#${round + 1}`} ${contender.id}: ${m.mbPerSecond.toFixed(config.link ? 2 : 0)} MB/s, ${m.requests} requests, ` +
        `first confirmed ${m.firstConfirmedMs.toFixed(0)} ms, ` +
      `heap ${(m.peakHeap / 2 ** 20).toFixed(1)} MiB, PSS +${(m.pssOwnGrowth / 2 ** 20).toFixed(1)} MiB anon+shmem, +${(m.pssGrowth / 2 ** 20).toFixed(1)} MiB all (${m.samples} samples; ` +
      `${m.peakBy.map((p) => `${p.spawned ? 'new ' : ''}${p.role} ${(p.bytes / 2 ** 20).toFixed(1)}`).join(', ')})`);
    if (config.timeline) logTimeline(m);
  } catch (error) {
    failures.push({ contender: contender.id, bytes, round, error: String(error) });
    log(`  ${sizeLabel(bytes)} ${round < 0 ? 'warm-up' : `#${round + 1}`} ${contender.id}: FAILED ${String(error).split('\n')[0]}`);
  }
}

/** Where the time of one upload went: each request as the page and the servers saw it, and the contender's marks. */
function logTimeline(m: Measurement): void {
  const ms = (t: number | undefined) => (t === undefined ? '–' : t.toFixed(1));
  for (const { what, at, request } of m.timeline) {
    if (!request) log(`      ${ms(at).padStart(8)}  ${what}`);
    else {
      const connect = request.connect ? ` connect ${ms(request.connect[0])}–${ms(request.connect[1])},` : '';
      log(`      ${ms(at).padStart(8)}  ${what}:${connect} sent ${ms(request.sent)}, answered ${ms(request.answered)}, ended ${ms(request.ended)}`);
    }
  }
  log(`      server (ms from the first arrival): ${m.served.map((r) => `${r.what} ${ms(r.arrived)}→${ms(r.answered)}`).join(', ')}`);
}

try {
  // The first uploads of a fresh browser map in its network code: warm up, and keep nothing of it.
  const warmUpBytes = Math.min(...files.keys());
  for (const contender of [lineup[0]!, OURS_DEFAULTS]) await attempt(contender, warmUpBytes, -1, []);
  for (const bytes of sizes) {
    for (let round = 0; round < config.runs; round++) {
      for (const contender of roundOrder(lineup, round)) await attempt(contender, bytes, round, measurements);
    }
  }
  const memory: Measurement[] = [];
  for (const bytes of memorySizes) await attempt(OURS_DEFAULTS, bytes, 0, memory);

  const rows = summarise(lineup, sizes, measurements, failures);
  const markdown = [
    `Measured ${where}, ${machineLine(machine)}; ${config.runs} runs per contender, interleaved.`,
    '',
    config.link ? linkTable(rows) : speedTable(rows),
    '',
    ...(memory.length > 0 ? ['Memory of ours at defaults (one run per size):', '', memoryTable(memory), ''] : []),
    'Targets:',
    '',
    ...(config.link ? linkTargetLines(rows, config.link) : targetLines(rows, memory)),
  ].join('\n');

  mkdirSync(resultsDir, { recursive: true });
  const suffix = (config.browser === 'chromium' ? '' : `-${config.browser}`) + (config.link ? `-link-${config.link.mbitPerSecond}-${config.link.rttMs}` : '');
  const stamp = machine.date.replace(/[:.]/g, '-') + suffix;
  const json = JSON.stringify({ machine, config, rows, measurements, memory, failures }, null, 2);
  writeFileSync(path.join(resultsDir, `${stamp}.json`), json);
  writeFileSync(path.join(resultsDir, `latest${suffix}.json`), json);
  writeFileSync(path.join(resultsDir, `latest${suffix}.md`), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
  log(`results: ${path.relative(process.cwd(), path.join(resultsDir, `${stamp}.json`))}`);
} finally {
  await browser.close();
  await servers.close();
}

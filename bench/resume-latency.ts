// After a reload, how long until the server receives the first resumed byte? A benchmark (it prints
// figures), not a test: the recovery demo in headless Chromium, a 200 MiB file on disk, reloaded at
// ~40% and chosen again, as a person would (Playwright chooses at once, so no human time counts).
//
//   npm run bench:resume               # 5 runs
//   RESUME_RUNS=10 npm run bench:resume
import { build, preview } from 'vite';
import { chromium, type Page } from 'playwright';
import { chromiumArgs, chromiumExecutable } from '../test/support/chromium.ts';
import { fileOnDisk } from '../e2e/support/files.ts';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
const CHUNK = 8 * MiB;
const runs = Number(process.env.RESUME_RUNS ?? 5);

interface Run {
  /** reload() until the page's load event. */
  loadMs: number;
  /** The file chosen until the server received a byte of it again (local IndexedDB, fingerprint, status query, first PUT). */
  chooseToByteMs: number;
  /** reload() until the first resumed byte: the figure a person waits, less the time to choose the file. */
  totalMs: number;
  /** Bytes the server received twice (the chunk in flight at the reload). */
  resentBytes: number;
}

await build({ logLevel: 'warn' });
const server = await preview({ logLevel: 'warn', preview: { port: 0, host: '127.0.0.1' } });
const base = server.resolvedUrls!.local[0]!;
const control = (path: string, init?: RequestInit) => fetch(new URL(path, base), init);
const file = await fileOnDisk('recovery-200mib.bin', SIZE);
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });

async function sessionLog(session: string): Promise<{ bytesReceived: number; committed: number }> {
  return (await control(`/__control/sessions/${session}`)).json();
}

/** Polls the server until `check` holds; returns when it first did, in Node's clock. */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('timed out');
}

async function oneRun(page: Page): Promise<Run> {
  await page.goto(new URL(`/demo/recovery.html?chunkSize=${CHUNK}`, base).href);
  await page.click('#clear');
  // Slow the first upload down (200 ms per chunk) so the reload lands mid-file.
  await control('/__control/faults', { method: 'POST', body: JSON.stringify([{ kind: 'delay', ms: 200, times: 100000 }]) });
  await page.setInputFiles('#files', file);
  const row = page.locator('#uploads li').last();
  await page.waitForFunction(
    (size) => Number(document.querySelector('#uploads li:last-child')?.getAttribute('data-committed')) >= 0.4 * size,
    SIZE,
    { timeout: 60_000, polling: 5 },
  );
  const session = (await row.getAttribute('data-session'))!;
  await control('/__control/faults', { method: 'DELETE' });

  const reloadAt = performance.now();
  await page.reload({ waitUntil: 'load' });
  const loadedAt = performance.now();
  // The old page's chunk may still be arriving; what counts is a byte beyond it.
  const before = await sessionLog(session);
  const chosenAt = performance.now();
  await page.setInputFiles('#files', file);
  const firstByteAt = await waitFor(async () => (await sessionLog(session)).bytesReceived > before.bytesReceived);
  await page.locator('#uploads li').last().waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('#uploads li:last-child')?.getAttribute('data-state') === 'done', null, { timeout: 120_000 });
  const after = await sessionLog(session);
  return {
    loadMs: loadedAt - reloadAt,
    chooseToByteMs: firstByteAt - chosenAt,
    totalMs: firstByteAt - reloadAt - (chosenAt - loadedAt),
    resentBytes: after.bytesReceived - SIZE,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figures = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

try {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    results.push(await oneRun(await context.newPage()));
    await context.close();
  }
  console.log(`Resume after a reload: ${runs} runs, 200 MiB file, ${CHUNK / MiB} MiB chunks, median (min–max)\n`);
  console.log('| reload → load (ms) | file chosen → first resumed byte on the server (ms) | reload → first resumed byte, less choosing (ms) | bytes sent twice (MiB) |');
  console.log('| ---: | ---: | ---: | ---: |');
  console.log(
    `| ${figures(results.map((r) => r.loadMs))} | ${figures(results.map((r) => r.chooseToByteMs))} | ${figures(results.map((r) => r.totalMs))} | ${figures(results.map((r) => r.resentBytes / MiB), 1)} |`,
  );
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}

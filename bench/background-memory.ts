// How much memory Chromium holds while it sends an upload handed to it (the `background` option):
// Background Fetch copies the request body, so the rest of the file sits in the browser until it
// is sent. A benchmark (it prints figures), not a test: the background demo in headless Chromium,
// a file on disk, the tab closed once the first 8 MiB chunk is in, the browser's PSS (anonymous +
// shared memory, all its processes) sampled until the server holds the whole object.
//
//   npx tsx bench/background-memory.ts                 # 64, 128 and 199 MiB
//   BACKGROUND_SIZES_MIB=199 npx tsx bench/background-memory.ts
import { build, preview } from 'vite';
import { fileOnDisk } from '../e2e/support/files.ts';
import { launchBrowser } from './browser.ts';
import { pssByProcess, sumPss } from './processes.ts';

const MiB = 1024 * 1024;
const CHUNK = 8 * MiB;
const sizes = (process.env.BACKGROUND_SIZES_MIB ?? '64,128,199').split(',').map((mib) => Number(mib) * MiB);

await build({ logLevel: 'warn' });
const server = await preview({ logLevel: 'warn', preview: { port: 0, host: '127.0.0.1' } });
const base = server.resolvedUrls!.local[0]!;
const control = (path: string, init?: RequestInit) => fetch(new URL(path, base), init);
const sessionOf = async (id: string): Promise<{ committed: number; bytesReceived: number; complete: boolean }> =>
  (await control(`/__control/sessions/${id}`)).json();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  sizeMiB: number;
  handedOffMiB: number;
  beforeMiB: number;
  growthMiB: number;
  seconds: number;
}
const rows: Row[] = [];

for (const size of sizes) {
  const file = await fileOnDisk(`background-${size / MiB}mib.bin`, size);
  const { browser, pid } = await launchBrowser();
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL('demo/background.html', base).href);
  await page.waitForSelector('html[data-worker=background-fetch]', { state: 'attached' });
  // Every chunk's answer waits a second, so the tab closes with the first chunk in and the rest unsent.
  await control('/__control/faults', { method: 'POST', body: JSON.stringify([{ kind: 'delay', ms: 1000, match: 'chunk', times: 100_000 }]) });
  await page.evaluate((chunk) => ((document.getElementById('background') as HTMLElement & { chunkSize: number }).chunkSize = chunk), CHUNK);
  const chooser = page.waitForEvent('filechooser');
  await page.locator('#background [part=button]').click();
  await (await chooser).setFiles([file]);
  let id: string | undefined;
  while (!id) {
    const uri = await page.evaluate(() => (document.getElementById('background') as HTMLElement & { items: { upload?: { sessionUri?: string } }[] }).items[0]?.upload?.sessionUri);
    id = uri ? new URL(uri).searchParams.get('upload_id')! : undefined;
    await sleep(20);
  }
  while ((await sessionOf(id)).committed < CHUNK) await sleep(20);
  const before = sumPss(pssByProcess(pid)).own;
  const started = performance.now();
  await page.close({ runBeforeUnload: true }); // as a person's close
  let peak = before;
  while (!(await sessionOf(id)).complete) {
    if (performance.now() - started > 180_000) throw new Error(`The ${size / MiB} MiB hand-off did not complete within 3 minutes`);
    peak = Math.max(peak, sumPss(pssByProcess(pid)).own);
    await sleep(100);
  }
  console.error(`${size / MiB} MiB: +${((peak - before) / MiB).toFixed(0)} MiB`);
  rows.push({ sizeMiB: size / MiB, handedOffMiB: (size - CHUNK) / MiB, beforeMiB: before / MiB, growthMiB: (peak - before) / MiB, seconds: (performance.now() - started) / 1000 });
  await browser.close();
}
await server.close();

console.log('| file | handed off | browser before (anon + shmem PSS) | peak growth while handed off | closed → stored |');
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(`| ${row.sizeMiB} MiB | ${row.handedOffMiB} MiB | ${row.beforeMiB.toFixed(0)} MiB | ${row.growthMiB.toFixed(0)} MiB | ${row.seconds.toFixed(1)} s |`);
}

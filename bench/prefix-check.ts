// What checking a resumed session costs on a large file: a resumed upload reads and checksums (CRC-32C)
// the first bytes of the file given now, as many as the server holds, before it sends anything more
// (src/storage/prefix-checksums.ts). A benchmark (it prints figures), not a test: a real file on disk
// (random bytes, made once in bench/.files), chosen through <input type=file> in headless Chromium and
// Firefox ESR, read whole (the worst case: a session that holds all but the last bytes).
//
//   npm run bench:prefix-check                      # 4 GiB, 3 runs per engine and way
//   PREFIX_CHECK_GIB=1 PREFIX_CHECK_RUNS=1 npm run bench:prefix-check
import { createServer } from 'node:http';
import path from 'node:path';
import { launchBrowser } from './browser.ts';
import { benchFile } from './files.ts';
import { buildFilePage } from './page-build.ts';
import { staticFiles } from './static-files.ts';
import type { PrefixCheckRun } from './prefix-check-page/main.ts';

const GiB = 1024 ** 3;
const bytes = Number(process.env.PREFIX_CHECK_GIB ?? 4) * GiB;
const runs = Number(process.env.PREFIX_CHECK_RUNS ?? 3);
const here = import.meta.dirname;

const outDir = await buildFilePage('prefix-check-page', "resumable-upload: checking a resumed session's prefix");
const server = createServer(staticFiles(outDir));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const file = await benchFile(path.join(here, '.files'), bytes);

const ways = ['read', 'mainThread', 'worker'] as const;
console.log(`| browser | way | GiB | seconds (median of ${runs}) | MB/s | longest main-thread gap |`);
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const engine of ['chromium', 'firefox'] as const) {
  const { browser, label } = await launchBrowser(engine);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => window.prefixCheck?.ready === true);
    await page.locator('#file').setInputFiles(file);
    for (const way of ways) {
      const measured: PrefixCheckRun[] = [];
      for (let run = 0; run < runs; run++) measured.push(await page.evaluate((w) => window.prefixCheck[w](), way));
      measured.sort((a, b) => a.ms - b.ms);
      const median = measured[Math.floor(measured.length / 2)]!;
      const gap = Math.max(...measured.map((m) => m.longestGapMs));
      console.log(`| ${label} | ${way} | ${bytes / GiB} | ${(median.ms / 1000).toFixed(1)} | ${(median.bytes / 1e6 / (median.ms / 1000)).toFixed(0)} | ${gap.toFixed(0)} ms |`);
    }
  } finally {
    await browser.close();
  }
}
server.close();

import type { BrowserContext, Page } from 'playwright';
import type { Engine } from '../test/support/browsers.ts';
import type { BenchDriver } from './webkit.ts';
import type { Contender } from './lineup.ts';
import type { TimelineEntry } from './page/main.ts';
import { cdpHeapReader, sampleMemory, type HeapReader, type MemoryPeaks } from './memory.ts';
import type { BenchServers, ServedRequest } from './servers.ts';

export interface Measurement extends MemoryPeaks {
  contender: string;
  bytes: number;
  round: number;
  ms: number;
  /** 10^6 bytes per second. */
  mbPerSecond: number;
  /** From the click to the first answer saying the server holds bytes. */
  firstConfirmedMs: number;
  requests: number;
  /** Each request as the page saw it and the contender's marks, in ms from the click. */
  timeline: TimelineEntry[];
  /** Each request as the servers saw it, in ms from the first one's arrival. */
  served: ServedRequest[];
}

const SETTLE_MS = 1000;

export interface MeasureSetup {
  engine: Engine;
  browser: BenchDriver;
  browserPid: number;
  servers: BenchServers;
  sampleMs: number;
}

/**
 * One upload of `file` by `contender` in a fresh browser context (no storage left by earlier runs),
 * the file chosen through the page's `<input type=file>`, memory sampled while it runs.
 */
export async function measure(setup: MeasureSetup, contender: Contender, file: string, round: number): Promise<Measurement> {
  const { engine, browser, browserPid, servers, sampleMs } = setup;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(contender.onClick ? `${servers.origin}/?on-click` : servers.origin);
    await page.waitForFunction(() => window.bench?.ready === true);
    await page.locator('#file').setInputFiles(file);
    // Chromium's heap is read and collected through its DevTools protocol; Firefox and WebKit offer neither.
    let heap: HeapReader | undefined;
    if (engine === 'chromium') {
      const cdp = await (context as BrowserContext).newCDPSession(page as Page);
      await cdp.send('Performance.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      heap = cdpHeapReader(cdp);
    }
    // A fresh page's renderer still grows by some 20 MiB in its first second, upload or not:
    // the baseline is taken once that has settled, so the growth measured is the upload's.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    servers.resetCounts();
    const sampler = sampleMemory(browserPid, heap, sampleMs);
    const outcome = await page.evaluate((call) => window.bench.upload(call), contender.call).finally(() => sampler.stop());
    const memory = await sampler.stop();
    const counts = servers.counts();
    return {
      contender: contender.id,
      bytes: outcome.bytes,
      round,
      ms: outcome.ms,
      firstConfirmedMs: outcome.firstConfirmedMs,
      mbPerSecond: outcome.bytes / 1e6 / (outcome.ms / 1000),
      requests: counts.reference + counts.tus + counts.drain,
      timeline: outcome.timeline,
      served: servers.served(),
      ...memory,
    };
  } finally {
    await context.close();
    await servers.clearStored();
  }
}

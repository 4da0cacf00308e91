// What a resumed upload spends checking that the file given now starts with the bytes its session
// holds: the CRC-32C of the whole file, as the engine computes it (src/storage/prefix-checksums.ts).
import { PrefixChecksums } from '../../src/storage/prefix-checksums.ts';

export interface PrefixCheckRun {
  bytes: number;
  ms: number;
  /** The longest the page's main thread went without running a timer set every 10 ms: how janky it was. */
  longestGapMs: number;
}

async function timed(work: () => Promise<unknown>, bytes: number): Promise<PrefixCheckRun> {
  let longestGapMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(ticker);
  return { bytes, ms, longestGapMs };
}

const chosen = () => (document.querySelector<HTMLInputElement>('#file')!.files ?? [])[0]!;

declare global {
  interface Window {
    prefixCheck: {
      ready: boolean;
      /** Reads the file through Blob slices of 4 MiB, hashing nothing: the floor. */
      read(): Promise<PrefixCheckRun>;
      /** The engine's check on the page's main thread. */
      mainThread(): Promise<PrefixCheckRun>;
      /** The same in a Worker. */
      worker(): Promise<PrefixCheckRun>;
    };
  }
}

window.prefixCheck = {
  ready: true,
  read: () =>
    timed(async () => {
      const file = chosen();
      for (let at = 0; at < file.size; at += 4 * 1024 * 1024) await file.slice(at, at + 4 * 1024 * 1024).arrayBuffer();
    }, chosen().size),
  mainThread: () => timed(() => new PrefixChecksums(chosen()).at(chosen().size), chosen().size),
  worker: () =>
    timed(
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
          worker.onmessage = () => {
            worker.terminate();
            resolve();
          };
          worker.onerror = (event) => reject(new Error(event.message));
          worker.postMessage(chosen());
        }),
      chosen().size,
    ),
};

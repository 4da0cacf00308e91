import { preloadTransports } from '../../src/transport/default-client.ts';
import { ours, rawFetch, rawXhr, tusClient, upchunk, type OnConfirmed, type OursOptions } from './contenders.ts';

export type ContenderCall =
  | { kind: 'raw-fetch' }
  | { kind: 'raw-xhr'; slice?: boolean }
  | { kind: 'ours'; options?: OursOptions }
  | { kind: 'upchunk' }
  | { kind: 'tus' };

function chosenFile(): File {
  const file = document.querySelector<HTMLInputElement>('#file')?.files?.[0];
  if (!file) throw new Error('No file chosen in #file');
  return file;
}

function run(call: ContenderCall, file: File, onConfirmed: OnConfirmed): Promise<void> {
  switch (call.kind) {
    case 'raw-fetch':
      return rawFetch(file);
    case 'raw-xhr':
      return rawXhr(file, call.slice);
    case 'ours':
      return ours(file, onConfirmed, call.options);
    case 'upchunk':
      return upchunk(file, onConfirmed);
    case 'tus':
      return tusClient(file, onConfirmed);
  }
}

export interface Outcome {
  bytes: number;
  /** From the call (the click) to the final answer. */
  ms: number;
  /** From the call to the first answer saying the server holds bytes (a raw PUT's is its only one). */
  firstConfirmedMs: number;
}

/** Uploads the chosen file with one contender; resolves with the bytes and the milliseconds it took. */
async function upload(call: ContenderCall): Promise<Outcome> {
  const file = chosenFile();
  const started = performance.now();
  let firstConfirmed: number | undefined;
  await run(call, file, () => (firstConfirmed ??= performance.now()));
  const ended = performance.now();
  return { bytes: file.size, ms: ended - started, firstConfirmedMs: (firstConfirmed ?? ended) - started };
}

declare global {
  interface Window {
    bench: { upload: typeof upload; ready: true };
  }
}

// `?preload`: the page loads the engine's HTTP transports at start, as the element does at idle;
// without it they load with the first Upload, on the click.
if (new URLSearchParams(location.search).has('preload')) preloadTransports();

window.bench = { upload, ready: true };

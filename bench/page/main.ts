import { ours, rawFetch, rawXhr, tusClient, upchunk, type OursOptions } from './contenders.ts';

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

function run(call: ContenderCall, file: File): Promise<void> {
  switch (call.kind) {
    case 'raw-fetch':
      return rawFetch(file);
    case 'raw-xhr':
      return rawXhr(file, call.slice);
    case 'ours':
      return ours(file, call.options);
    case 'upchunk':
      return upchunk(file);
    case 'tus':
      return tusClient(file);
  }
}

/** Uploads the chosen file with one contender; resolves with the bytes and the milliseconds it took. */
async function upload(call: ContenderCall): Promise<{ bytes: number; ms: number }> {
  const file = chosenFile();
  const started = performance.now();
  await run(call, file);
  return { bytes: file.size, ms: performance.now() - started };
}

declare global {
  interface Window {
    bench: { upload: typeof upload; ready: true };
  }
}

window.bench = { upload, ready: true };

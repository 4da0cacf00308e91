import { defineResumableUpload, type ResumableUploadElement } from '../../src/element.ts';
import { Upload, type UploadType } from '../../src/index.ts';

defineResumableUpload();

const ENDPOINT = '/upload/bench/v1/files';

export interface ManyFilesRun {
  /** From the call to the last file stored. */
  totalMs: number;
  /** From `addFiles` (or the drop) to a frame whose screen is full of rows (the list renders those on screen); the element only. */
  rowsMs?: number;
  /** How long the call to `addFiles` (or the drop's handler) took; the element only. */
  addMs?: number;
  /** The longest main-thread task (Long Tasks API: those over 50 ms; 0 when none). */
  longestTaskMs: number;
  /** Frames per second while uploading, and the longest frame. */
  fps: number;
  longestFrameMs: number;
  done: number;
}

/** `count` files of `bytes` bytes each, distinct contents (so no two share a fingerprint). */
function makeFiles(count: number, bytes: number): File[] {
  return Array.from({ length: count }, (_, index) => {
    const body = new Uint8Array(bytes);
    new DataView(body.buffer).setUint32(0, index);
    return new File([body], `file-${String(index).padStart(5, '0')}.bin`, { type: 'application/octet-stream' });
  });
}

/** Counts frames and long tasks from `start()` to `stop()`. */
function watchMainThread() {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let frames = 0;
  let longestFrame = 0;
  let last = performance.now();
  const started = last;
  let running = true;
  const tick = (now: number) => {
    if (!running) return;
    frames++;
    longestFrame = Math.max(longestFrame, now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
      observer.disconnect();
      const seconds = (performance.now() - started) / 1000;
      return { longestTaskMs: longest, fps: frames / seconds, longestFrameMs: longestFrame };
    },
  };
}

/** Waits for a frame in which `ready()` holds, checked after each frame's rendering. */
function frameWhen(ready: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

/** The engine alone: `count` files through `Upload`, `concurrency` at a time. */
async function engine(count: number, bytes: number, concurrency: number, uploadType: UploadType): Promise<ManyFilesRun> {
  const files = makeFiles(count, bytes);
  const watch = watchMainThread();
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await new Upload(file, { endpoint: ENDPOINT, uploadType, metadata: { name: file.name } }).start();
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const totalMs = performance.now() - started;
  return { totalMs, done, ...watch.stop() };
}

function element(): ResumableUploadElement {
  return document.querySelector<ResumableUploadElement>('#element')!;
}

/**
 * The page's element with `count` files: `begin` hands them over (by `addFiles`, a drop of files, or
 * a real folder dropped from outside the page) and resolves with the moment it did.
 */
async function measureElement(count: number, concurrency: number, uploadType: UploadType | '', begin: (host: ResumableUploadElement) => Promise<number>): Promise<ManyFilesRun> {
  const host = element();
  host.concurrency = concurrency;
  if (uploadType) host.uploadType = uploadType;
  else host.removeAttribute('upload-type');
  // Rows on screen: every file has its row, or the rows rendered reach the bottom of the screen.
  const screenFull = () => {
    const rows = host.shadowRoot!.querySelectorAll('[part~="list"] > li');
    const last = rows[rows.length - 1];
    return rows.length >= count || (last !== undefined && last.getBoundingClientRect().bottom >= innerHeight);
  };
  const watch = watchMainThread();
  const finished = new Promise<void>((resolve) => {
    let settled = 0;
    const onSettled = () => {
      if (++settled === count) resolve();
    };
    host.addEventListener('upload-success', onSettled);
    host.addEventListener('upload-error', onSettled);
  });
  const started = await begin(host);
  const addMs = performance.now() - started;
  const rowsAt = await frameWhen(screenFull);
  await finished;
  const totalMs = performance.now() - started;
  const done = host.items.filter((item) => item.status === 'done').length;
  return { totalMs, addMs, rowsMs: rowsAt - started, done, ...watch.stop() };
}

/** `count` files made in the page, added at once by `addFiles` or in one drop (a DataTransfer of files). */
async function elementRun(count: number, bytes: number, concurrency: number, uploadType: UploadType | '', how: 'add' | 'drop'): Promise<ManyFilesRun> {
  const files = makeFiles(count, bytes);
  const transfer = how === 'drop' ? dataTransferOf(files) : undefined;
  // The files are made in a task of their own: only the element's work is measured.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return measureElement(count, concurrency, uploadType, async (host) => {
    const started = performance.now();
    if (transfer) drop(host, transfer);
    else host.addFiles(files);
    return started;
  });
}

/**
 * A folder of `count` files on disk, dropped on the element by the bench through Chromium's own drag
 * and drop (CDP): the element walks it as it would a folder from the file manager. Call, wait for
 * `armed`, then drop.
 */
function folderRun(count: number, concurrency: number, uploadType: UploadType | ''): Promise<ManyFilesRun> {
  const run = measureElement(count, concurrency, uploadType, (host) => {
    const dropped = new Promise<number>((resolve) => host.addEventListener('drop', () => resolve(performance.now()), { capture: true, once: true }));
    window.manyFiles.armed = true;
    return dropped;
  });
  return run.finally(() => (window.manyFiles.armed = false));
}

function dataTransferOf(files: File[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
}

/** The files dropped on the element at once. */
function drop(host: HTMLElement, transfer: DataTransfer): void {
  host.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, composed: true }));
}

declare global {
  interface Window {
    manyFiles: { engine: typeof engine; element: typeof elementRun; folder: typeof folderRun; armed: boolean; ready: true };
  }
}

window.manyFiles = { engine, element: elementRun, folder: folderRun, armed: false, ready: true };

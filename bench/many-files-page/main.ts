import { defineResumableUpload, type ResumableUploadElement } from '../../src/element.ts';
import { Upload, type UploadType } from '../../src/index.ts';
import { UploadQueue } from '../../src/queue.ts';
import { frameWhen, makeFiles, rowsFill, runWhenOrdered, settled, watchMainThread, type ManyFilesRun } from './measure.ts';

defineResumableUpload();

const ENDPOINT = '/upload/bench/v1/files';

export type { ManyFilesRun };

/** `count` files made in the page, each handed to `send` (true once it arrived), `concurrency` at a time. */
async function pool(count: number, bytes: number, concurrency: number, send: (file: File) => Promise<boolean>): Promise<ManyFilesRun> {
  const files = makeFiles(count, bytes);
  const watch = watchMainThread();
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) if (await send(files[next++]!)) done++;
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const totalMs = performance.now() - started;
  return { totalMs, done, ...watch.stop() };
}

/** The engine alone: `count` files through `Upload`, `concurrency` at a time. */
function engine(count: number, bytes: number, concurrency: number, uploadType: UploadType): Promise<ManyFilesRun> {
  return pool(count, bytes, concurrency, async (file) => {
    await new Upload(file, { endpoint: ENDPOINT, uploadType, metadata: { name: file.name } }).start();
    return true;
  });
}

/** The floor: each file in one `fetch` `PUT` of its bytes to the drain, `concurrency` at a time, nothing else. */
function raw(count: number, bytes: number, concurrency: number): Promise<ManyFilesRun> {
  return pool(count, bytes, concurrency, async (file) => {
    const response = await fetch('/drain', { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
    await response.arrayBuffer();
    return response.ok;
  });
}

/**
 * The element's queue with no view (`resumable-upload/queue`) at its defaults: the same requests as
 * the element (the file's name as metadata), a subscriber that reads each snapshot as a view would,
 * and nothing on screen. Element minus queue is the view's cost; queue minus engine, the list's.
 */
async function queueRun(count: number, bytes: number): Promise<ManyFilesRun> {
  const files = makeFiles(count, bytes);
  const queue = new UploadQueue({ endpoint: ENDPOINT, upload: (item) => ({ metadata: { name: item.file.name } }) });
  queue.subscribe(() => void queue.snapshot());
  await new Promise((resolve) => setTimeout(resolve, 100));
  const watch = watchMainThread();
  const finished = new Promise<void>((resolve) => {
    let settled = 0;
    const onSettled = () => void (++settled === count && resolve());
    queue.addEventListener('upload-success', onSettled);
    queue.addEventListener('upload-error', onSettled);
  });
  const started = performance.now();
  queue.add(files);
  const addMs = performance.now() - started;
  await finished;
  const totalMs = performance.now() - started;
  const done = queue.items.filter((item) => item.status === 'done').length;
  return { totalMs, addMs, done, ...watch.stop() };
}

function element(): ResumableUploadElement {
  return document.querySelector<ResumableUploadElement>('#element')!;
}

/**
 * The page's element with `count` files: `begin` hands them over (by `addFiles`, a drop of files, or
 * a real folder dropped from outside the page) and resolves with the moment it did.
 */
async function measureElement(count: number, concurrency: number | undefined, uploadType: UploadType | '', begin: (host: ResumableUploadElement) => Promise<number>): Promise<ManyFilesRun> {
  const host = element();
  // None: the element's own default.
  if (concurrency !== undefined) host.concurrency = concurrency;
  if (uploadType) host.uploadType = uploadType;
  else host.removeAttribute('upload-type');
  // Rows on screen: every file has its row, or the rows rendered reach the bottom of the screen.
  const screenFull = rowsFill(() => host.shadowRoot!.querySelectorAll('[part~="list"] > li'), count);
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
async function elementRun(count: number, bytes: number, concurrency: number | undefined, uploadType: UploadType | '', how: 'add' | 'drop'): Promise<ManyFilesRun> {
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
function folderRun(count: number, concurrency: number | undefined, uploadType: UploadType | ''): Promise<ManyFilesRun> {
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

/** What bench/many-files.ts asks of this page (all but the folder drop, which it drives itself). */
export interface ManyFilesOrder {
  call: { kind: 'engine'; uploadType: UploadType } | { kind: 'raw' } | { kind: 'queue' } | { kind: 'element'; how: 'add' | 'drop' };
  count: number;
  bytes: number;
  /** Uppy's, raw's and the engine's. */
  concurrency: number;
  /** The element's and the queue's; none: their default. */
  elementConcurrency?: number | undefined;
  elementType: UploadType | '';
}

function run({ call, count, bytes, concurrency, elementConcurrency, elementType }: ManyFilesOrder): Promise<ManyFilesRun> {
  if (call.kind === 'engine') return engine(count, bytes, concurrency, call.uploadType);
  if (call.kind === 'raw') return raw(count, bytes, concurrency);
  if (call.kind === 'queue') return queueRun(count, bytes);
  return elementRun(count, bytes, elementConcurrency, elementType, call.how);
}

declare global {
  interface Window {
    manyFiles: { run: typeof run; folder: typeof folderRun; armed: boolean; ready: boolean };
  }
}

window.manyFiles = { run, folder: folderRun, armed: false, ready: false };
void settled.then(() => (window.manyFiles.ready = true));
runWhenOrdered(run);

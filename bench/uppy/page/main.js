// Uppy Dashboard with XHR upload, as a page would set it up for many files: one request a file
// (the bytes as the body of a `media` upload to the same reference server), `limit` at a time.
// JavaScript, not TypeScript: Uppy is installed in bench/uppy only when the bench runs, and the
// project's type check must not need it.
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import XHRUpload from '@uppy/xhr-upload';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { frameWhen, makeFiles, rowsFill, runWhenOrdered, settled, watchMainThread } from '../../many-files-page/measure.ts';

/** @returns {Promise<import('../../many-files-page/measure.ts').ManyFilesRun>} */
async function uppyRun(count, bytes, concurrency) {
  const files = makeFiles(count, bytes);
  const uppy = new Uppy({ autoProceed: true, restrictions: { maxNumberOfFiles: null } })
    .use(Dashboard, { inline: true, target: '#dashboard', proudlyDisplayPoweredByUppy: false })
    .use(XHRUpload, { endpoint: '/upload/bench/v1/files?uploadType=media', method: 'POST', formData: false, limit: concurrency });
  // Made in a task of their own: only Uppy's work is measured.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const root = document.querySelector('#dashboard');
  const screenFull = rowsFill(
    () => root.querySelectorAll('.uppy-Dashboard-Item'),
    count,
    () => root.querySelector('.uppy-Dashboard-files'),
  );
  let done = 0;
  let settled = 0;
  const finished = new Promise((resolve) => {
    const onSettled = () => ++settled === count && resolve();
    uppy.on('upload-success', () => {
      done++;
      onSettled();
    });
    uppy.on('upload-error', onSettled);
  });
  const watch = watchMainThread();
  const started = performance.now();
  uppy.addFiles(files.map((file) => ({ name: file.name, type: file.type, data: file, source: 'Local' })));
  const addMs = performance.now() - started;
  const rowsAt = await frameWhen(screenFull);
  await finished;
  const totalMs = performance.now() - started;
  return { totalMs, addMs, rowsMs: rowsAt - started, done, ...watch.stop() };
}

/** bench/many-files.ts's order: the same fields as the element page's (`ManyFilesOrder`). */
const run = ({ count, bytes, concurrency }) => uppyRun(count, bytes, concurrency);
window.manyFiles = { run, ready: false };
void settled.then(() => (window.manyFiles.ready = true));
runWhenOrdered(run);

import {
  defineResumableUpload,
  isBackgroundSuccess,
  registerLocale,
  type BackgroundSuccessDetail,
  type UploadStrings,
  type UploadSuccessEventDetail,
} from '../src/element.ts';
import workerUrl from './background-sw.ts?worker&url';

defineResumableUpload();

// `?lang=de` shows the element in one of the shipped languages, its module loaded on demand.
const lang = new URLSearchParams(location.search).get('lang');
const translations = import.meta.glob<Record<string, Partial<UploadStrings>>>('../src/element/locales/*.ts');
const translation = Object.keys(translations).find((path) => path.endsWith(`/${lang}.ts`));
if (lang && translation) {
  void translations[translation]!().then((module) => {
    registerLocale(lang, Object.values(module)[0]!);
    document.documentElement.lang = lang;
  });
}

// The worker that finishes handed-off uploads; the page must be in its scope (the demo's server
// sends `Service-Worker-Allowed: /` for the bundled worker's folder).
const support = document.querySelector('#support')!;
if ('serviceWorker' in navigator) {
  navigator.serviceWorker
    .register(workerUrl, { scope: '/demo/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const has = 'backgroundFetch' in registration;
      support.textContent = has ? 'Background Fetch: available.' : 'Background Fetch: not in this browser; uploads resume on your next visit.';
      document.documentElement.dataset.worker = has ? 'background-fetch' : 'no-background-fetch';
    });
} else {
  support.textContent = 'No service worker here; uploads resume on your next visit.';
}

const log = document.querySelector<HTMLOListElement>('#log')!;
for (const type of ['upload-start', 'upload-success', 'upload-error', 'upload-cancel'] as const) {
  document.addEventListener(type, (event) => {
    // With `background`, an upload-success may report an upload a closed page handed off.
    const detail = (event as CustomEvent<UploadSuccessEventDetail | BackgroundSuccessDetail>).detail;
    const name = isBackgroundSuccess(detail) ? detail.storedUpload.name : detail.file.name;
    const id = (detail.result?.body as { id?: string } | undefined)?.id;
    const entry = document.createElement('li');
    entry.textContent = `${type} · ${name}${isBackgroundSuccess(detail) ? ' · finished in the background' : ''}${id ? ` · ${id}` : ''}`;
    Object.assign(entry.dataset, { event: type, file: name, ...(id ? { fileId: id } : {}) });
    log.prepend(entry);
  });
}

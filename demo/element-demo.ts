import { defineResumableUpload, registerLocale, type ResumableUploadElement } from '../src/element.ts';
import { ar } from '../src/element/locales/ar.ts';
import { fa } from '../src/element/locales/fa.ts';
import { he } from '../src/element/locales/he.ts';

// Importing src/element.ts registers the tag, but package.json says `"sideEffects": false`, so a
// bundler may drop that import's side effect when only names are used: define explicitly.
defineResumableUpload();
registerLocale('fa', fa);
registerLocale('ar', ar);
registerLocale('he', he);

const network = document.querySelector<HTMLFormElement>('#network')!;
const elements = [...document.querySelectorAll('resumable-upload')];
const log = document.querySelector<HTMLOListElement>('#log')!;

// The reference server reads X-Test-Faults when a session starts and misbehaves accordingly for
// that session only; the first matching fault is used up first.
function faults(): unknown[] {
  const settings = new FormData(network);
  const list: unknown[] = [];
  if (settings.has('flaky')) {
    list.push({ kind: 'delay', ms: 0 }, { kind: 'status', status: 503, times: 2 }, { kind: 'reset', afterBytes: 65536 });
  }
  if (settings.has('slow')) list.push({ kind: 'delay', ms: 300, times: 100_000 });
  return list;
}

function applySettings(element: ResumableUploadElement): void {
  const chunkSize = Number(new FormData(network).get('chunkSize'));
  element.chunkSize = chunkSize || undefined;
}

for (const element of elements) {
  element.headers = (): Record<string, string> => {
    const list = faults();
    return list.length ? { 'X-Test-Faults': JSON.stringify(list) } : {};
  };
  applySettings(element);
}
network.addEventListener('change', () => elements.forEach(applySettings));

document.querySelector<HTMLSelectElement>('#rtl-lang')!.addEventListener('change', (event) => {
  const lang = (event.target as HTMLSelectElement).value;
  document.querySelector<ResumableUploadElement>('#rtl')!.lang = lang;
  document.querySelector<HTMLElement>('section.rtl')!.lang = lang;
  document.querySelector('#rtl-title')!.textContent = { fa: 'راست به چپ', ar: 'من اليمين إلى اليسار', he: 'מימין לשמאל' }[lang] ?? '';
});

// Every upload-* event bubbles up to the document.
const EVENTS = ['upload-add', 'upload-reject', 'upload-start', 'upload-success', 'upload-error', 'upload-cancel'] as const;
for (const type of EVENTS) {
  document.addEventListener(type, (event) => {
    const { detail } = event as CustomEvent<{ file: File; result?: { body?: { id?: string } }; reason?: string; error?: Error }>;
    const entry = document.createElement('li');
    const source = (event.target as HTMLElement).id;
    const extra = detail.result?.body?.id ?? detail.reason ?? detail.error?.message ?? '';
    entry.textContent = `${source} · ${type} · ${detail.file.name}${extra ? ` · ${extra}` : ''}`;
    entry.dataset.event = type;
    entry.dataset.element = source;
    entry.dataset.file = detail.file.name;
    if (detail.result?.body?.id) entry.dataset.fileId = detail.result.body.id;
    log.prepend(entry);
  });
}

import { defineResumableUpload, registerLocale, type ResumableUploadElement } from '../src/element.ts';
import type { UploadStrings } from '../src/element/i18n/strings.ts';
import { shippedLocales } from '../src/element/i18n/shipped-locales.ts';

// Importing src/element.ts registers the tag, but package.json says `"sideEffects": false`, so a
// bundler may drop that import's side effect when only names are used: define explicitly.
defineResumableUpload();

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

// Every shipped language, each its own module, loaded and registered when needed: the RTL section's
// three at once, the others when chosen in the menu. An element already on the page takes up a
// translation registered after it rendered.
const translations = import.meta.glob<Record<string, Partial<UploadStrings>>>('../src/element/locales/*.ts');
async function register(tag: string): Promise<void> {
  const path = Object.keys(translations).find((candidate) => candidate.endsWith(`/${tag}.ts`));
  if (path) registerLocale(tag, Object.values(await translations[path]!())[0]!);
}
for (const tag of ['fa', 'ar', 'he']) void register(tag);

// The page's lang (and direction) change; the elements follow the closest lang up the page. The RTL section keeps its own.
const pageLang = document.querySelector<HTMLSelectElement>('#page-lang')!;
const RIGHT_TO_LEFT = new Set(Object.keys(shippedLocales).filter((tag) => shippedLocales[tag]!.rtl));
for (const path of Object.keys(translations).sort()) {
  const tag = path.slice(path.lastIndexOf('/') + 1, -3);
  const option = new Option(`${new Intl.DisplayNames([tag], { type: 'language' }).of(tag)} (${tag})`, tag);
  pageLang.append(option);
}
pageLang.addEventListener('change', async () => {
  const tag = pageLang.value;
  await register(tag);
  document.documentElement.lang = tag;
  document.documentElement.dir = RIGHT_TO_LEFT.has(tag) ? 'rtl' : 'ltr';
});

// The form sends each finished file's id (the reference server's answer), and is refused while a file uploads.
const attachments = document.querySelector<HTMLFormElement>('#attachments')!;
document.querySelector<ResumableUploadElement>('#form-uploader')!.formValue = (result) => String((result.body as { id?: string } | undefined)?.id ?? '');
attachments.addEventListener('submit', (event) => {
  event.preventDefault(); // a static demo has nowhere to post to: show what would be sent
  const sent = [...new FormData(attachments)].map(([name, value]) => `${name}=${String(value)}`);
  document.querySelector('#submitted')!.textContent = `Sent: ${sent.join(', ')}`;
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

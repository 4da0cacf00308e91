import { en, type UploadStrings } from './strings.ts';

const registered = new Map<string, Partial<UploadStrings>>([['en', en]]);
/** Told of every registration, so elements already on the page take up a locale loaded later. */
const watchers = new Set<() => void>();

/**
 * Makes a translation available to every `<resumable-upload>` whose language is `lang`, a regional
 * variant of it (`fa` serves `fa-IR`), or another variant in the same script (`pt-BR` serves `pt`
 * and `pt-PT`, `zh-CN` serves `zh` and `zh-SG` but not `zh-TW`) unless one is registered for that.
 * Missing keys fall back to English.
 *
 * @example
 * import { fa } from 'resumable-upload/locales/fa';
 * registerLocale('fa', fa);
 */
export function registerLocale(lang: string, strings: Partial<UploadStrings>): void {
  registered.set(lang.toLowerCase(), strings);
  watchers.forEach((watcher) => watcher());
}

/** Calls `watcher` after each `registerLocale`; returns the function that stops it. */
export function watchLocales(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * English, overlaid with the registered translation for `lang`, overlaid with the element's own
 * `strings`. The element keeps the result until its language, its `strings` or the registrations change.
 */
export function stringsFor(lang: string, overrides?: Partial<UploadStrings>): UploadStrings {
  const tag = lang.toLowerCase();
  const translation = registered.get(tag) ?? registered.get(language(tag)) ?? sameScript(tag);
  return { ...en, ...translation, ...overrides };
}

/** Is there a translation for `lang` (English counts)? Without one the element's words are English, and say so (`lang="en"`). */
export function isTranslated(lang: string): boolean {
  const tag = lang.toLowerCase();
  return !!(registered.get(tag) ?? registered.get(language(tag)) ?? sameScript(tag));
}

const language = (tag: string) => tag.split('-')[0]!;

function sameScript(tag: string): Partial<UploadStrings> | undefined {
  const script = scriptOf(tag);
  for (const [other, strings] of registered) if (language(other) === language(tag) && scriptOf(other) === script) return strings;
  return undefined;
}

/** `Hans` for `zh` and `zh-CN`, `Hant` for `zh-TW`; undefined for a malformed tag. */
function scriptOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().script;
  } catch {
    return undefined;
  }
}

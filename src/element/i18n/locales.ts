import { en, type UploadStrings } from './strings.ts';

const registered = new Map<string, Partial<UploadStrings>>([['en', en]]);
/** Told of every registration, so elements already on the page take up a locale loaded later. */
const watchers = new Set<() => void>();

/**
 * Makes a translation available to every `<resumable-upload>` whose language is `lang`, or another
 * variant of its language in the same script (`fa` serves `fa-AF`, `pt-BR` serves `pt` and `pt-PT`,
 * `zh-CN` serves `zh` and `zh-SG` but not `zh-TW`) unless one is registered for that.
 * Missing keys fall back to English. Registered as `en`, words replace English's wherever English
 * shows: in English, and in a language without a translation.
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
 * English (the page's, when it registered `en`), overlaid with the registered translation for `lang`,
 * overlaid with the element's own `strings`: the page's words win in every language, and a language
 * without a translation shows the page's English, not the built-in one. The element keeps the result
 * until its language, its `strings` or the registrations change.
 *
 * Without a registration for `lang` itself, one of its language in the same script serves it: the one
 * of its likely region (`pt` is `pt-BR` before `pt-PT`, `zh-Hant` and `zh-HK` are `zh-TW`), else the
 * first registered. Never one in another script: `zh` or `zh-CN` does not serve `zh-TW`.
 */
export function stringsFor(lang: string, overrides?: Partial<UploadStrings>): UploadStrings {
  return { ...en, ...registered.get('en'), ...translationFor(lang), ...overrides };
}

/** Is there a translation for `lang` (English counts)? Without one the element's words are English, and say so (`lang="en"`). */
export function isTranslated(lang: string): boolean {
  return !!translationFor(lang);
}

function translationFor(lang: string): Partial<UploadStrings> | undefined {
  const wanted = likely(lang);
  let found: Partial<UploadStrings> | undefined;
  for (const [other, strings] of registered) {
    const have = likely(other);
    if (script(have) === script(wanted) && (!found || have === wanted)) found = strings;
  }
  return registered.get(lang.toLowerCase()) ?? found;
}

/**
 * `zh-Hant-TW` for `zh-TW` and `zh-Hant`, `pt-Latn-BR` for `pt`, `de-Latn-CH` for `de-CH-1996`: always
 * language, script and region, no variant, which would hide the language from `script`; the tag itself when malformed.
 */
function likely(tag: string): string {
  try {
    const { language, script, region } = new Intl.Locale(tag).maximize();
    return `${language}-${script}-${region}`;
  } catch {
    return tag;
  }
}

/** `zh-Hant` of `zh-Hant-TW`: the language and its script. */
const script = (likely: string) => likely.replace(/-\w+$/, '');

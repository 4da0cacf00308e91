import { en, type UploadStrings } from './strings.ts';

const registered = new Map<string, Partial<UploadStrings>>([['en', en]]);

/**
 * Makes a translation available to every `<resumable-upload>` whose language is `lang` (or a
 * regional variant of it: `fa` serves `fa-IR`). Missing keys fall back to English.
 *
 * @example
 * import { fa } from 'resumable-upload/locales/fa';
 * registerLocale('fa', fa);
 */
export function registerLocale(lang: string, strings: Partial<UploadStrings>): void {
  registered.set(lang.toLowerCase(), strings);
}

/** English, overlaid with the registered translation for `lang`, overlaid with the element's own `strings`. */
export function stringsFor(lang: string, overrides?: Partial<UploadStrings>): UploadStrings {
  const tag = lang.toLowerCase();
  const translation = registered.get(tag) ?? registered.get(tag.split('-')[0]!) ?? {};
  return { ...en, ...translation, ...overrides };
}

import { en, type UploadStrings } from './strings.ts';

const registered = new Map<string, Partial<UploadStrings>>([['en', en]]);
/** Each language tag's translation once looked up: the element asks at every render. */
const resolved = new Map<string, Partial<UploadStrings>>();

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
  resolved.clear();
}

/** English, overlaid with the registered translation for `lang`, overlaid with the element's own `strings`. */
export function stringsFor(lang: string, overrides?: Partial<UploadStrings>): UploadStrings {
  const tag = lang.toLowerCase();
  let translation = resolved.get(tag);
  if (!translation) {
    translation = registered.get(tag) ?? registered.get(language(tag)) ?? sameScript(tag) ?? {};
    resolved.set(tag, translation);
  }
  return { ...en, ...translation, ...overrides };
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

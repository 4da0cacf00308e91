// Every shipped translation is complete: each key of the English strings, the same placeholders,
// and for words that follow a number one form per plural category its language has in Intl.PluralRules.
// Locale files are found on disk, so a new one is checked (and must be an entry of the build) as soon as it exists.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { announceEnglish } from '../../src/element/i18n/announce-strings.ts';
import { backgroundEnglish } from '../../src/element/i18n/background-strings.ts';
import { editorEnglish } from '../../src/element/i18n/editor-strings.ts';
import { cameraEnglish } from '../../src/element/i18n/camera-strings.ts';
import { metaEnglish } from '../../src/element/i18n/meta-strings.ts';
import { interruptedEnglish } from '../../src/element/i18n/interrupted-strings.ts';
import { en, type PluralMessage, type UploadStrings } from '../../src/element/i18n/strings.ts';
import { entries } from '../../vite.lib.config.ts';

const localesDir = new URL('../../src/element/locales/', import.meta.url);
const tags = (await readdir(localesDir)).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3)).sort();
/** `pt-BR` is exported as `ptBR`. */
const exportName = (tag: string) => tag.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const translations = await Promise.all(
  tags.map(async (tag) => {
    const module = (await import(new URL(`${tag}.ts`, localesDir).href)) as Record<string, Partial<UploadStrings> | undefined>;
    const strings = module[exportName(tag)];
    if (!strings) throw new Error(`src/element/locales/${tag}.ts must export its strings as ${exportName(tag)}`);
    return { tag, strings };
  }),
);

/** Every English word: the element's, and those of its `background` and `camera` parts, its live region, its image editor, its details form and its interrupted rows, which load with those parts. */
const english: Record<string, Message> = { ...en, ...backgroundEnglish, ...cameraEnglish, ...announceEnglish, ...editorEnglish, ...metaEnglish, ...interruptedEnglish };

type Message = string | PluralMessage;
const isPlural = (message: unknown): message is PluralMessage => typeof message === 'object' && message !== null;
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(' ');

/** Integers up to 1,000 that `Intl.PluralRules` puts in each category, to know which categories hold a single number. */
function integersByCategory(tag: string): Map<string, number[]> {
  const rules = new Intl.PluralRules(tag);
  const byCategory = new Map<string, number[]>();
  for (let n = 0; n <= 1000; n++) byCategory.set(rules.select(n), [...(byCategory.get(rules.select(n)) ?? []), n]);
  return byCategory;
}

/** What is wrong with one translated message, in words that say how to fix it. */
function problemsOf(tag: string, key: string, english: Message, translated: unknown): string[] {
  const where = `${tag}.${key}`;
  if (translated === undefined) return [`${where} is missing`];
  if (typeof english === 'string') {
    if (typeof translated !== 'string') return [`${where} must be a string, like English`];
    const problems: string[] = [];
    if (!translated.trim()) problems.push(`${where} is empty`);
    if (placeholders(translated) !== placeholders(english)) problems.push(`${where} has placeholders "${placeholders(translated)}", English "${placeholders(english)}"`);
    return problems;
  }
  if (!isPlural(translated)) return [`${where} must have a form per plural category (${pluralCategories(tag).join(', ')})`];
  const problems: string[] = [];
  const needed = pluralCategories(tag);
  const given = Object.keys(translated);
  for (const category of needed) if (!(category in translated)) problems.push(`${where} misses its plural form "${category}"`);
  for (const category of given) if (!needed.includes(category as Intl.LDMLPluralRule)) problems.push(`${where} has a plural form "${category}" that ${tag} does not use`);
  const single = integersByCategory(tag);
  for (const category of given.filter((name) => needed.includes(name as Intl.LDMLPluralRule))) {
    const text = (translated as Record<string, string>)[category]!;
    const expected = placeholders(english.other);
    // A form for exactly one number may spell it out ("one file", "ملفان"); any other form shows it.
    const spelled = (single.get(category)?.length ?? 0) === 1 ? placeholders(text.replace('{count}', '')) === placeholders(english.other.replace('{count}', '')) : false;
    if (!text.trim()) problems.push(`${where}.${category} is empty`);
    else if (placeholders(text) !== expected && !spelled) problems.push(`${where}.${category} has placeholders "${placeholders(text)}", English "${expected}"`);
  }
  return problems;
}

const pluralCategories = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories as Intl.LDMLPluralRule[];

/** Every problem of a whole translation, so one run lists all that is left to translate. */
function translationProblems(tag: string, strings: Partial<UploadStrings>): string[] {
  const problems = Object.entries(english).flatMap(([key, words]) => problemsOf(tag, key, words, strings[key as keyof UploadStrings]));
  for (const key of Object.keys(strings)) if (!(key in english)) problems.push(`${tag}.${key} is not an English key (renamed or removed?)`);
  return problems;
}

describe('translations', () => {
  it('ships at least the languages the element promises', () => {
    expect(tags).toEqual(
      expect.arrayContaining(['ar', 'cs', 'da', 'de', 'el', 'es', 'fa', 'fi', 'fr', 'he', 'hi', 'hu', 'id', 'it', 'ja', 'ko', 'ms', 'nl', 'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sv', 'th', 'tr', 'uk', 'vi', 'zh-CN', 'zh-TW']),
    );
    expect(tags.length).toBeGreaterThanOrEqual(30);
  });

  it('builds each locale as an entry of the package build (never inside the main bundle)', async () => {
    expect(Object.keys(entries).filter((name) => name.startsWith('element/locales/')).sort()).toEqual(tags.map((tag) => `element/locales/${tag}`));
    const sources = (await readdir(new URL('../../src/', import.meta.url), { recursive: true })).filter((file) => file.endsWith('.ts') && !file.includes('locales/'));
    for (const file of sources) expect(await readFile(new URL(`../../src/${file}`, import.meta.url), 'utf8'), file).not.toMatch(/^(import|export)[^;]*from '[^']*\/locales\//m);
  });

  it.each(tags)('%s has every English key, with the same placeholders and every plural form its language needs', (tag) => {
    const { strings } = translations.find((translation) => translation.tag === tag)!;
    expect(translationProblems(tag, strings)).toEqual([]);
  });

  it('English itself has the plural forms of English, and words with a {count} are plural', () => {
    expect(translationProblems('en', english)).toEqual([]);
    for (const [key, message] of Object.entries(english)) if (!isPlural(message)) expect(message, `${key} has {count}: make it a PluralMessage`).not.toMatch(/\{count\}/);
  });

  it('translates rather than copies: no message is the English one word for word, unless the language uses the same word', () => {
    const sameWord = new Set(['da.listLabel', 'de.listLabel', 'nl.listLabel', 'nl.camera']); // "Uploads", "Camera"
    const copies = translations.flatMap(({ tag, strings }) =>
      Object.entries(strings)
        .filter(([key, message]) => JSON.stringify(message) === JSON.stringify(english[key]) && !sameWord.has(`${tag}.${key}`))
        .map(([key]) => `${tag}.${key}`),
    );
    expect(copies).toEqual([]);
  });

  it("says where a locked upload runs as the engine does: in another tab, or on this page (two items of one file)", () => {
    // Each language's own words for "tab" and "page" as its errorLocked uses them.
    const places: Record<string, [tab: string, page: string]> = {
      en: ['tab', 'page'],
      ar: ['تبويب', 'الصفحة'],
      cs: ['kartě', 'stránce'],
      da: ['fane', 'side'],
      de: ['Tab', 'Seite'],
      el: ['καρτέλα', 'σελίδα'],
      es: ['pestaña', 'página'],
      fa: ['زبانهٔ', 'صفحه'],
      fi: ['välilehdessä', 'sivulla'],
      fr: ['onglet', 'page'],
      he: ['כרטיסייה', 'בדף'],
      hi: ['टैब', 'पेज'],
      hu: ['lapon', 'oldalon'],
      id: ['tab', 'halaman'],
      it: ['scheda', 'pagina'],
      ja: ['タブ', 'ページ'],
      ko: ['탭', '페이지'],
      ms: ['tab', 'halaman'],
      nl: ['tabblad', 'pagina'],
      pl: ['karcie', 'stronie'],
      'pt-BR': ['guia', 'página'],
      'pt-PT': ['separador', 'página'],
      ro: ['filă', 'pagină'],
      ru: ['вкладке', 'странице'],
      sv: ['flik', 'sida'],
      th: ['แท็บ', 'หน้า'],
      tr: ['sekmede', 'sayfada'],
      uk: ['вкладці', 'сторінці'],
      vi: ['thẻ', 'trang'],
      'zh-CN': ['标签页', '页面'],
      'zh-TW': ['分頁', '頁面'],
    };
    expect(Object.keys(places).sort()).toEqual(['en', ...tags].sort());
    for (const { tag, strings } of [{ tag: 'en', strings: en as Partial<UploadStrings> }, ...translations]) {
      const [tab, page] = places[tag]!;
      expect(strings.errorLocked, tag).toContain(tab);
      expect(strings.errorLocked, tag).toContain(page);
    }
  });

  it("starts Choose again's accessible name with its visible words, so voice control finds the button (axe's label-content-name-mismatch)", () => {
    for (const { tag, strings } of [{ tag: 'en', strings: english as Partial<UploadStrings> }, ...translations]) {
      if (!strings.chooseAgain || !strings.chooseAgainLabel) continue;
      const visible = words(tag, strings.chooseAgain);
      expect(words(tag, strings.chooseAgainLabel).slice(0, visible.length), tag).toEqual(visible);
    }
  });
});

/** The words of a text as Intl.Segmenter finds them (CJK included), as screen readers and axe compare names. */
function words(tag: string, text: string): string[] {
  return [...new Intl.Segmenter(tag, { granularity: 'word' }).segment(text)].filter((segment) => segment.isWordLike).map((segment) => segment.segment.toLowerCase());
}

describe('the completeness check itself', () => {
  const files: PluralMessage = { one: '{count} file', other: '{count} files' };

  it('finds a missing key, a lost or extra placeholder and an unknown key', () => {
    expect(problemsOf('de', 'rejectSize', en.rejectSize, undefined)).toEqual(['de.rejectSize is missing']);
    expect(problemsOf('de', 'rejectSize', en.rejectSize, 'zu groß')).toHaveLength(1);
    expect(problemsOf('de', 'rejectSize', en.rejectSize, 'größer als {max} {name}')).toHaveLength(1);
    expect(problemsOf('de', 'rejectSize', en.rejectSize, 'größer als {max}')).toEqual([]);
    expect(translationProblems('de', { ...en, chooseFyles: 'x' } as Partial<UploadStrings>)).toContain('de.chooseFyles is not an English key (renamed or removed?)');
  });

  it("asks for each plural category of the locale's language, and no other", () => {
    expect(problemsOf('pl', 'files', files, { one: '{count} plik', other: '{count} pliku' })).toEqual(['pl.files misses its plural form "few"', 'pl.files misses its plural form "many"']);
    expect(problemsOf('pl', 'files', files, { one: '{count} plik', few: '{count} pliki', many: '{count} plików', other: '{count} pliku' })).toEqual([]);
    expect(problemsOf('ja', 'files', files, { one: '{count} 件', other: '{count} 件' })).toEqual(['ja.files has a plural form "one" that ja does not use']);
    expect(problemsOf('ja', 'files', files, '{count} 件')).toHaveLength(1);
  });

  it('lets a form that holds a single number spell it out, and no other', () => {
    // Arabic "two" is 2 alone: "ملفان" needs no digit. Russian "one" is 1, 21, 31...: it must show the number.
    const ar = { zero: 'لا ملفات', one: 'ملف واحد', two: 'ملفان', few: '{count} ملفات', many: '{count} ملفًا', other: '{count} ملف' };
    expect(problemsOf('ar', 'files', files, ar)).toEqual([]);
    expect(problemsOf('ru', 'files', files, { one: 'один файл', few: '{count} файла', many: '{count} файлов', other: '{count} файла' })).toEqual([
      'ru.files.one has placeholders "", English "{count}"',
    ]);
  });
});

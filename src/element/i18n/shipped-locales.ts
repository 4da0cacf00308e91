/**
 * How far a native speaker has checked a translation:
 * - `reviewed`: reviewed and found ready (with the small changes the review asked for);
 * - `revised`: reviewed, then changed as the review asked, not reviewed again since;
 * - `unreviewed`: not reviewed by a native speaker yet.
 */
export type Review = 'reviewed' | 'revised' | 'unreviewed';

export interface ShippedLocale {
  /** The language in English, and in itself. */
  language: string;
  native: string;
  review: Review;
  /** Written right to left: the element mirrors its layout. */
  rtl?: true;
}

/**
 * Every translation the package ships, by tag (`src/element/locales/<tag>.ts`, imported as
 * `resumable-upload/locales/<tag>`). The languages table of docs/styling-and-languages.md is written
 * from it (`npm run docs`)
 * and the tests hold it to the files. The element never imports it: a page loads only the
 * translations it registers.
 */
export const shippedLocales: Record<string, ShippedLocale> = {
  ar: { language: 'Arabic', native: 'العربية', review: 'revised', rtl: true },
  cs: { language: 'Czech', native: 'čeština', review: 'unreviewed' },
  da: { language: 'Danish', native: 'dansk', review: 'unreviewed' },
  de: { language: 'German', native: 'Deutsch', review: 'reviewed' },
  el: { language: 'Greek', native: 'Ελληνικά', review: 'unreviewed' },
  es: { language: 'Spanish', native: 'español', review: 'unreviewed' },
  fa: { language: 'Persian', native: 'فارسی', review: 'unreviewed', rtl: true },
  fi: { language: 'Finnish', native: 'suomi', review: 'unreviewed' },
  fr: { language: 'French', native: 'français', review: 'unreviewed' },
  he: { language: 'Hebrew', native: 'עברית', review: 'revised', rtl: true },
  hi: { language: 'Hindi', native: 'हिन्दी', review: 'unreviewed' },
  hu: { language: 'Hungarian', native: 'magyar', review: 'unreviewed' },
  id: { language: 'Indonesian', native: 'Bahasa Indonesia', review: 'unreviewed' },
  it: { language: 'Italian', native: 'italiano', review: 'unreviewed' },
  ja: { language: 'Japanese', native: '日本語', review: 'unreviewed' },
  ko: { language: 'Korean', native: '한국어', review: 'reviewed' },
  ms: { language: 'Malay', native: 'Bahasa Melayu', review: 'unreviewed' },
  nl: { language: 'Dutch', native: 'Nederlands', review: 'unreviewed' },
  pl: { language: 'Polish', native: 'polski', review: 'unreviewed' },
  'pt-BR': { language: 'Portuguese (Brazil)', native: 'português do Brasil', review: 'unreviewed' },
  'pt-PT': { language: 'Portuguese (Portugal)', native: 'português europeu', review: 'unreviewed' },
  ro: { language: 'Romanian', native: 'română', review: 'unreviewed' },
  ru: { language: 'Russian', native: 'русский', review: 'reviewed' },
  sv: { language: 'Swedish', native: 'svenska', review: 'unreviewed' },
  th: { language: 'Thai', native: 'ไทย', review: 'unreviewed' },
  tr: { language: 'Turkish', native: 'Türkçe', review: 'reviewed' },
  uk: { language: 'Ukrainian', native: 'українська', review: 'unreviewed' },
  vi: { language: 'Vietnamese', native: 'Tiếng Việt', review: 'unreviewed' },
  'zh-CN': { language: 'Chinese (Simplified)', native: '简体中文', review: 'revised' },
  'zh-TW': { language: 'Chinese (Traditional)', native: '繁體中文', review: 'unreviewed' },
};

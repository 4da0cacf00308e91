// The shipped translations and how far a native speaker checked each, from src/element/i18n/shipped-locales.ts
// (docs/styling-and-languages.md, block "languages").
import { shippedLocales, type Review } from '../../src/element/i18n/shipped-locales.ts';
import { table } from './blocks.ts';

const said: Record<Review, string> = {
  reviewed: 'reviewed',
  revised: 'reviewed, then revised as asked (not read again)',
  unreviewed: 'not reviewed',
};

/** `ptBR` for `pt-BR`: the name each locale module exports. */
const exportName = (tag: string) => tag.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** A table of every shipped translation, then who checked which, in three lines. */
export function languagesReference(): string {
  const tags = Object.keys(shippedLocales).sort();
  const rows = tags.map((tag) => {
    const { language, native, review, rtl } = shippedLocales[tag]!;
    const name = exportName(tag) === tag ? `\`${tag}\`` : `\`${tag}\` (\`${exportName(tag)}\`)`;
    return [name, `${language}: ${native}${rtl ? ' (right to left)' : ''}`, said[review]];
  });
  const having = (review: Review) => tags.filter((tag) => shippedLocales[tag]!.review === review).map((tag) => `\`${tag}\``).join(', ');
  return [
    `${tags.length} translations, besides English:`,
    '',
    table(['Tag (export)', 'Language', 'Native speaker'], rows),
    '',
    `- **Reviewed** by a native speaker, and found ready: ${having('reviewed')}.`,
    `- **Revised** as a native speaker's review asked, not checked again since: ${having('revised')}.`,
    `- **Not reviewed** by a native speaker yet (complete, checked by the tests for keys, placeholders and plural forms): ${having('unreviewed')}.`,
  ].join('\n');
}

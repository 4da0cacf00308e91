// docs/styling-and-languages.md says which translations ship and how far a native speaker checked each,
// from one list (src/element/i18n/shipped-locales.ts) that must name exactly the locale files.
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { withBlock } from '../../scripts/docs/blocks.ts';
import { languagesReference } from '../../scripts/docs/languages-reference.ts';
import { shippedLocales } from '../../src/element/i18n/shipped-locales.ts';

const repository = resolve(import.meta.dirname, '../..');

it('lists exactly the locale files, at least 30 of them', async () => {
  const files = (await readdir(resolve(repository, 'src/element/locales'))).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3));
  expect(Object.keys(shippedLocales).sort(), 'each file of src/element/locales/ has its entry in src/element/i18n/shipped-locales.ts, and no other').toEqual(files.sort());
  expect(files.length).toBeGreaterThanOrEqual(30);
});

it('registers variants under their region or script tag, never a bare tag that another variant would then shadow', () => {
  const tags = Object.keys(shippedLocales);
  for (const tag of tags.filter((tag) => tag.includes('-'))) expect(tags, `${tag} beside a bare ${tag.split('-')[0]}`).not.toContain(tag.split('-')[0]);
  expect(tags).toEqual(expect.arrayContaining(['zh-CN', 'zh-TW', 'pt-BR', 'pt-PT']));
});

it('marks right to left exactly the languages Intl writes right to left, so their pages are mirrored', () => {
  const direction = (tag: string) => (new Intl.Locale(tag) as Intl.Locale & { textInfo: { direction: string } }).textInfo.direction;
  for (const [tag, { rtl }] of Object.entries(shippedLocales)) expect(rtl ? 'rtl' : 'ltr', tag).toBe(direction(tag));
});

it('carries the list as the registry says (npm run docs rewrites it)', async () => {
  const doc = await readFile(resolve(repository, 'docs/styling-and-languages.md'), 'utf8');
  expect(withBlock(doc, 'languages', languagesReference())).toBe(doc);
});

it('says which translations a native speaker reviewed, and which not', () => {
  const block = languagesReference();
  expect(block).toContain('**Reviewed** by a native speaker, and found ready: `de`, `ko`, `ru`, `tr`.');
  expect(block).toContain('not checked again since: `ar`, `he`, `zh-CN`.');
  for (const tag of ['vi', 'th', 'zh-TW', 'ms', 'ro', 'hu', 'sv', 'cs', 'el', 'pt-PT', 'da', 'fi']) expect(shippedLocales[tag]?.review, tag).toBe('unreviewed');
});

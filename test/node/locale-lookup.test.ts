// Which registered translation serves a tag with a variant (`de-CH-1996`, `pt-PT-ao1990`): the variant
// does not change the language, its script or its region, so the lookup serves it as it serves the tag
// without it. A file of its own, so the registrations start empty and their order is this file's.
import { expect, it } from 'vitest';
import { registerLocale, stringsFor } from '../../src/element/i18n/locales.ts';
import { en } from '../../src/element/i18n/strings.ts';
import { de } from '../../src/element/locales/de.ts';
import { ptBR } from '../../src/element/locales/pt-BR.ts';
import { ptPT } from '../../src/element/locales/pt-PT.ts';

const chooseFile = (lang: string) => stringsFor(lang).chooseFile;

it('serves German to a German tag with a variant, as to the tag without it', () => {
  expect(chooseFile('de-CH-1996')).toBe(en.chooseFile);
  registerLocale('de', de);
  for (const lang of ['de-CH-1996', 'de-1901', 'de-AT-1996', 'de-CH']) expect(chooseFile(lang), lang).toBe(de.chooseFile);
});

it('serves a variant of a region the translation of that region, whichever was registered first', () => {
  registerLocale('pt-BR', ptBR);
  registerLocale('pt-PT', ptPT);
  expect(chooseFile('pt-PT-ao1990')).toBe(ptPT.chooseFile); // pt-BR, registered first, is not its region
  expect(chooseFile('pt-BR-abl1943')).toBe(ptBR.chooseFile);
  expect(chooseFile('pt-ao1990')).toBe(ptBR.chooseFile); // pt is pt-BR (its likely region)
});

it('never serves a variant in another script', () => {
  registerLocale('sr', { chooseFile: 'Изаберите датотеку' });
  expect(chooseFile('sr-RS-ekavsk')).toBe('Изаберите датотеку');
  expect(chooseFile('sr-Latn-RS-ekavsk')).toBe(en.chooseFile);
});

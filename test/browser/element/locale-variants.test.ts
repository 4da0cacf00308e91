// Which registered translation serves a page's lang when none is registered under that tag: one of the
// same language and script, the one of the tag's likely region first, never one in another script.
// A file of its own, so the registrations start empty and their order is this file's.
import { expect, it } from 'vitest';
import { registerLocale } from '../../../src/element.ts';
import { en } from '../../../src/element/i18n/strings.ts';
import { de } from '../../../src/element/locales/de.ts';
import { ptBR } from '../../../src/element/locales/pt-BR.ts';
import { ptPT } from '../../../src/element/locales/pt-PT.ts';
import { zhCN } from '../../../src/element/locales/zh-CN.ts';
import { zhTW } from '../../../src/element/locales/zh-TW.ts';
import { mount, shadow } from './support/fixture.ts';

const button = async (lang: string) => {
  const element = await mount({ lang });
  const words = shadow(element).querySelector('[part=button]')?.textContent?.trim();
  element.remove();
  return words;
};

it('serves pt and pt-BR in Brazilian Portuguese and pt-PT in European, whichever was registered first', async () => {
  registerLocale('pt-PT', ptPT);
  registerLocale('pt-BR', ptBR);
  expect(await button('pt-PT')).toBe(ptPT.chooseFile);
  expect(await button('pt-BR')).toBe(ptBR.chooseFile);
  expect(await button('pt')).toBe(ptBR.chooseFile); // pt is pt-BR (its likely region), not the first registered
  expect(await button('pt-Latn-BR')).toBe(ptBR.chooseFile);
});

it('serves Traditional Chinese to zh-TW, zh-Hant and zh-HK, and Simplified to zh, zh-CN, zh-Hans and zh-SG, whichever was registered first', async () => {
  registerLocale('zh-TW', zhTW);
  expect(await button('zh')).toBe(en.chooseFile); // Traditional never serves Simplified
  expect(await button('zh-CN')).toBe(en.chooseFile);
  registerLocale('zh-CN', zhCN);
  for (const lang of ['zh-TW', 'zh-Hant', 'zh-HK', 'zh-Hant-TW']) expect(await button(lang), lang).toBe(zhTW.chooseFile);
  for (const lang of ['zh', 'zh-CN', 'zh-Hans', 'zh-SG']) expect(await button(lang), lang).toBe(zhCN.chooseFile);
});

it('never serves a language in another script: Serbian registered bare (Cyrillic) leaves sr-Latn in English until a Latin one is registered', async () => {
  registerLocale('sr', { chooseFile: 'Изаберите датотеку' });
  expect(await button('sr-RS')).toBe('Изаберите датотеку');
  expect(await button('sr-Latn')).toBe(en.chooseFile);
  registerLocale('sr-Latn', { chooseFile: 'Izaberite datoteku' });
  expect(await button('sr-Latn-RS')).toBe('Izaberite datoteku');
  expect(await button('sr')).toBe('Изаберите датотеку');
});

it('prefers the variant of the likely region over the first registered: sw is sw-TZ, not sw-KE', async () => {
  registerLocale('sw-KE', { chooseFile: 'Chagua faili (KE)' });
  registerLocale('sw-TZ', { chooseFile: 'Chagua faili (TZ)' });
  expect(await button('sw')).toBe('Chagua faili (TZ)');
  expect(await button('sw-UG')).toBe('Chagua faili (KE)'); // no variant of its region: the first registered
});

it('serves a tag with a variant as the tag without it: de-CH-1996 in German, pt-PT-ao1990 in European Portuguese', async () => {
  registerLocale('de', de);
  registerLocale('ca', { chooseFile: 'Tria un fitxer' });
  expect(await button('de-CH-1996')).toBe(de.chooseFile);
  expect(await button('de-1901')).toBe(de.chooseFile);
  expect(await button('ca-ES-valencia')).toBe('Tria un fitxer');
  expect(await button('pt-PT-ao1990')).toBe(ptPT.chooseFile);
  expect(await button('pt-BR-abl1943')).toBe(ptBR.chooseFile);
  expect(await button('zh-HK-x-test')).toBe(zhTW.chooseFile); // a private-use part changes nothing
});

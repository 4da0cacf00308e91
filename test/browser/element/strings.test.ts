import { afterEach, describe, expect, it } from 'vitest';
import { registerLocale } from '../../../src/element.ts';
import { ar } from '../../../src/element/locales/ar.ts';
import { fa } from '../../../src/element/locales/fa.ts';
import { he } from '../../../src/element/locales/he.ts';
import { ptPT } from '../../../src/element/locales/pt-PT.ts';
import { zhTW } from '../../../src/element/locales/zh-TW.ts';
import { en, type UploadStrings } from '../../../src/element/i18n/strings.ts';
import { faultHeaders } from '../support/server.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { formatterFor } from '../../../src/element/i18n/format.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { RIGHT_TO_LEFT, shippedLocales } from './support/locales.ts';
import { mount, reachStatus, rowOf, shadow, summaryOf } from './support/fixture.ts';
import { until } from '../../support/until.ts';

registerLocale('fa', fa);
registerLocale('ar', ar);
registerLocale('he', he);

const text = (root: ShadowRoot, selector: string) => root.querySelector(selector)?.textContent?.trim();
const strip = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '');

afterEach(() => document.documentElement.removeAttribute('lang'));


describe('<resumable-upload> strings and languages', () => {
  it('speaks every shipped language: button, hint, list, a ready row and a rejected one, their labels, without axe violations', async () => {
    expect(shippedLocales.length).toBeGreaterThanOrEqual(18);
    for (const [tag, strings] of shippedLocales) {
      registerLocale(tag, strings);
      const t = { ...en, ...strings };
      const element = await mount({ lang: tag, dir: RIGHT_TO_LEFT.has(tag) ? 'rtl' : 'ltr', auto: 'false', multiple: true, accept: '.pdf' });
      const root = shadow(element);
      expect(text(root, '[part=button]'), tag).toBe(t.chooseFiles);
      expect(text(root, '[part=hint]'), tag).toBe(t.dropHint);
      element.addFiles([patternFile(1500, 'report.pdf'), patternFile(10, 'setup.exe')]);
      const [ready, refused] = element.items;
      const row = await rowOf(element, ready!);
      expect(root.querySelector('[part~=list]')?.getAttribute('aria-label') ?? root.querySelector('ul[aria-label]')?.getAttribute('aria-label'), tag).toBe(t.listLabel);
      expect(strip(row.querySelector('[part=status]')?.textContent), tag).toBe(t.ready);
      expect(row.querySelector('[data-action=start]')?.getAttribute('aria-label'), tag).toBe(t.start.replace('{name}', 'report.pdf'));
      expect(row.querySelector('[data-action=cancel]')?.getAttribute('aria-label'), tag).toBe(t.cancel.replace('{name}', 'report.pdf'));
      const format = formatterFor(tag);
      expect(strip(row.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext')), tag).toBe(
        t.progress.replace('{percent}', format.percent(0)).replace('{done}', format.bytes(0)).replace('{total}', format.bytes(1500)),
      );
      const rejected = await rowOf(element, refused!);
      expect(strip(rejected.querySelector('[part=status]')?.textContent), tag).toBe(t.rejected.replace('{reason}', t.rejectAcceptTypes.replace('{types}', '.pdf')));
      expect(strip(text(root, '[part=limits]')), tag).toBe(t.acceptsTypes.replace('{types}', '.pdf'));
      await expectNoAxeViolations(element);
      element.remove();
    }
  });

  it("says the summary's counts in the plural form of the language: Russian and Polish", async () => {
    const { ru } = await import('../../../src/element/locales/ru.ts');
    const { pl } = await import('../../../src/element/locales/pl.ts');
    registerLocale('ru', ru);
    registerLocale('pl', pl);
    const counts = async (lang: string, files: number) => {
      const element = await mount({ lang, auto: 'false', multiple: true });
      element.addFiles(Array.from({ length: files }, (_, i) => patternFile(10, `${i}.bin`)));
      const summary = await summaryOf(element);
      return strip(summary.querySelector('[part=summary-counts]')?.textContent)?.replace(/\s+/g, ' ');
    };
    expect(await counts('ru', 2)).toContain('осталось 2 файла');
    expect(await counts('ru', 5)).toContain('осталось 5 файлов');
    expect(await counts('ru', 5)).toContain('0 файлов загружено');
    expect(await counts('pl', 3)).toContain('pozostały 3');
    expect(await counts('pl', 12)).toContain('pozostało 12');
  });

  it('replaces any string with the strings property, over English', async () => {
    const element = await mount({ multiple: true }, (el) => (el.strings = { chooseFiles: 'Add attachments', empty: 'Nothing here' }));
    expect(text(shadow(element), '[part=button]')).toBe('Add attachments');
    expect(text(shadow(element), '[part=empty]')).toBe('Nothing here');
    expect(text(shadow(element), '[part=hint]')).toBe(en.dropHint);
  });

  it("lets the page's own words win in every language, English included", async () => {
    registerLocale('de', (await import('../../../src/element/locales/de.ts')).de);
    const button = async (lang: string, strings?: Partial<UploadStrings>) =>
      text(shadow(await mount({ lang }, (el) => (el.strings = strings))), '[part=button]');
    // `strings`, over English, a translation, a language with none (Welsh: English words).
    for (const lang of ['en', 'en-US', 'de', 'cy']) expect(await button(lang, { chooseFile: 'Attach' }), lang).toBe('Attach');
    // English registered by the page is the English of every language that shows English.
    registerLocale('en', { chooseFile: 'Pick one file' });
    try {
      for (const lang of ['en', 'en-GB', 'cy']) expect(await button(lang), lang).toBe('Pick one file');
      expect(await button('de')).toBe('Datei auswählen');
      expect(await button('cy', { chooseFile: 'Attach' })).toBe('Attach');
    } finally {
      registerLocale('en', en);
    }
  });

  it('speaks Persian with lang="fa": words, Persian digits and units through Intl', async () => {
    const element = await mount({ lang: 'fa', dir: 'rtl', 'chunk-size': String(QUANTUM) });
    const root = shadow(element);
    expect(text(root, '[part=button]')).toBe(fa.chooseFile);
    const [item] = element.addFiles([patternFile(3 * QUANTUM, 'گزارش.pdf')]);
    await reachStatus(element, item!, 'done');
    const row = await rowOf(element, item!);
    expect(text(row.shadowRoot ?? root, `[data-item=${item!.id}] [part=status]`)).toBe(fa.done);
    expect(row.querySelector('[part=size]')?.textContent).toBe(new Intl.NumberFormat('fa', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(786));
    expect(row.querySelector('[part=size]')?.textContent).toMatch(/[۰-۹]/);
    expect(strip(row.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext'))).toMatch(/^۱۰۰٪، /);
    expect(strip(row.querySelector('[data-action=remove]')?.getAttribute('aria-label'))).toBe('حذف گزارش.pdf از فهرست');
    await expectNoAxeViolations(element);
  });

  it('takes its language from the closest lang up the page, and regional tags from the base language', async () => {
    document.documentElement.lang = 'he-IL';
    const element = await mount();
    expect(text(shadow(element), '[part=button]')).toBe(he.chooseFile);
    element.lang = 'ar-EG';
    await element.updateComplete;
    expect(element.getAttribute('lang')).toBe('ar-EG');
    expect(text(shadow(element), '[part=button]')).toBe(ar.chooseFile);
  });

  it('serves a language from a variant in the same script: pt-BR for pt, zh-CN for zh-SG, zh-TW (never zh-CN) for zh-HK', async () => {
    // Every shipped language is registered by the first test of this file; these replace two of them.
    registerLocale('pt-BR', { chooseFile: 'Escolher arquivo' });
    registerLocale('zh-CN', { chooseFile: '选择文件' });
    const chosen = async (lang: string) => text(shadow(await mount({ lang })), '[part=button]');
    expect(await chosen('pt')).toBe('Escolher arquivo');
    expect(await chosen('pt-PT')).toBe(ptPT.chooseFile);
    expect(await chosen('zh-SG')).toBe('选择文件');
    expect(await chosen('zh-Hans')).toBe('选择文件');
    expect(await chosen('zh-HK')).toBe(zhTW.chooseFile);
    registerLocale('zh-HK', { chooseFile: '選擇一個檔案（香港）' });
    expect(await chosen('zh-HK')).toBe('選擇一個檔案（香港）'); // a closer registration wins, even after a lookup
  });

  it('takes up a translation registered after it rendered (a locale loaded lazily), and each element its own language', async () => {
    const icelandic = await mount({ lang: 'is', auto: 'false' }); // Icelandic: not shipped
    const english = await mount({ lang: 'en' });
    const [item] = icelandic.addFiles([patternFile(10, 'x.bin')]);
    const status = async () => strip((await rowOf(icelandic, item!)).querySelector('[part=status]')?.textContent);
    expect(text(shadow(icelandic), '[part=button]')).toBe(en.chooseFile);
    expect(await status()).toBe(en.ready);
    const { de } = await import('../../../src/element/locales/de.ts'); // as a page would load one on demand
    registerLocale('is', { chooseFile: 'Veldu skrá', ready: 'Tilbúið' });
    registerLocale('de', de);
    await icelandic.updateComplete;
    expect(text(shadow(icelandic), '[part=button]')).toBe('Veldu skrá');
    expect(await status()).toBe('Tilbúið'); // the rows too, not only the element's own words
    icelandic.lang = 'de';
    await icelandic.updateComplete;
    expect(text(shadow(icelandic), '[part=button]')).toBe(de.chooseFile);
    expect(await status()).toBe(de.ready);
    expect(text(shadow(english), '[part=button]')).toBe(en.chooseFile);
  });

  it('follows a change of lang up the page while idle, unless it has its own', async () => {
    registerLocale('de', (await import('../../../src/element/locales/de.ts')).de);
    registerLocale('fr', (await import('../../../src/element/locales/fr.ts')).fr);
    const section = document.createElement('section');
    document.body.append(section);
    const follows = await mount();
    section.append(follows);
    const own = await mount({ lang: 'fr' });
    document.documentElement.lang = 'de';
    await new Promise((resolve) => setTimeout(resolve, 50));
    await follows.updateComplete;
    expect(text(shadow(follows), '[part=button]')).toBe('Datei auswählen');
    expect(text(shadow(own), '[part=button]')).toBe('Choisir un fichier');
    section.lang = 'fr'; // the closest lang wins
    await new Promise((resolve) => setTimeout(resolve, 50));
    await follows.updateComplete;
    expect(text(shadow(follows), '[part=button]')).toBe('Choisir un fichier');
    section.remove();
  });

  it('falls back to English for an unknown or malformed language', async () => {
    const element = await mount({ lang: 'not a tag!' });
    expect(text(shadow(element), '[part=button]')).toBe(en.chooseFile);
    const [item] = element.addFiles([patternFile(2000, 'x.bin')]);
    await reachStatus(element, item!, 'done');
    expect((await rowOf(element, item!)).querySelector('[part=size]')?.textContent).toBe('2 kB');
  });

  it('says a file locked by another upload on this page is being uploaded there, not only "in another tab"', async () => {
    const element = await mount({ multiple: true, concurrency: '2', 'chunk-size': String(QUANTUM) });
    const file = patternFile(4 * QUANTUM, 'twice.bin');
    const items = element.addFiles([file, file]);
    const locked = await until(() => items.find((item) => item.status === 'failed'), 'one of the two fails', 10);
    expect((locked.error as { code?: string }).code).toBe('locked');
    const row = await rowOf(element, locked);
    expect(strip(row.querySelector('[part=status]')?.textContent)).toBe('Failed: it is already being uploaded in another tab or on this page');
    await reachStatus(element, items.find((item) => item !== locked)!, 'done');
  });

  it('counts the retry down in whole seconds, in the language', async () => {
    const element = await mount({ lang: 'fa' }, (el) => {
      // A chunk fault: the header is read again at each session start, so a start fault would recur.
      el.prepare = () => ({ retry: { retries: 2, baseDelayMs: 2500, maxDelayMs: 2500 }, headers: faultHeaders([{ kind: 'status', status: 503 }]) });
    });
    const [item] = element.addFiles([patternFile(10, 'x.bin')]);
    await reachStatus(element, item!, 'retrying');
    const status = () => strip(shadow(element).querySelector('[part=status]')?.textContent);
    expect(status()).toMatch(/^تلاش دوباره تا [۲۳] ثانیه دیگر$/);
    const first = status();
    const seen = new Set([first]);
    while (item!.status === 'retrying') {
      await element.updateComplete;
      seen.add(status());
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    expect([...seen].filter((value) => value?.startsWith('تلاش دوباره تا')).length).toBeGreaterThanOrEqual(2);
    await reachStatus(element, item!, 'done');
  });

  it('shows "HTTP 403" in its own order inside a right-to-left sentence', async () => {
    const element = await mount({ lang: 'fa', dir: 'rtl' }, (el) => {
      el.prepare = () => ({ retry: { retries: 0 }, headers: faultHeaders([{ kind: 'status', status: 403, match: 'start' }]) });
    });
    const [item] = element.addFiles([patternFile(10, 'x.bin')]);
    await reachStatus(element, item!, 'failed');
    const status = (await rowOf(element, item!)).querySelector('[part=status]')!;
    const walker = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
    while (walker.nextNode() && !(walker.currentNode as Text).data.includes('HTTP'));
    const node = walker.currentNode as Text;
    const box = (text: string) => {
      const range = document.createRange();
      range.setStart(node, node.data.indexOf(text));
      range.setEnd(node, node.data.indexOf(text) + text.length);
      return range.getBoundingClientRect();
    };
    // Read left to right on screen: "HTTP" then "403", as in "(HTTP 403)", not "(403 HTTP)".
    expect(box('HTTP').right).toBeLessThanOrEqual(box('403').left);
  });

  it('lays the progress bar out right to left under dir="rtl"', async () => {
    const element = await mount({ dir: 'rtl', auto: 'false' });
    const [item] = element.addFiles([patternFile(10, 'x.bin')]);
    const fill = (await rowOf(element, item!)).querySelector<HTMLElement>('.fill')!;
    // The bar grows from the right edge: its transform origin is at its full (unscaled) width.
    expect(getComputedStyle(fill).transformOrigin.split(' ')[0]).toBe(`${fill.offsetWidth}px`);
    element.dir = 'ltr';
    expect(getComputedStyle(fill).transformOrigin.split(' ')[0]).toBe('0px');
    const row = await rowOf(element, item!);
    element.dir = 'rtl';
    // Logical layout: the buttons sit on the left in RTL.
    // Where the name's text itself is drawn, not its box.
    const text = document.createRange();
    text.selectNodeContents(row.querySelector('[part=name] bdi')!);
    const name = text.getBoundingClientRect();
    const actions = row.querySelector('[part=actions]')!.getBoundingClientRect();
    expect(actions.right).toBeLessThan(name.left);
    // A Latin name in an RTL row still starts at the row's start (the right, after the file's icon), not beside the buttons.
    const content = row.getBoundingClientRect().right - parseFloat(getComputedStyle(row).paddingRight) - parseFloat(getComputedStyle(row).borderRightWidth);
    expect(row.querySelector('[part~=thumbnail]')!.getBoundingClientRect().right).toBeCloseTo(content, 0);
    expect(name.right).toBeCloseTo(row.querySelector('[part=name]')!.getBoundingClientRect().right, 0);
  });
});

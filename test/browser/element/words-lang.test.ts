import { describe, expect, it } from 'vitest';
import { registerLocale } from '../../../src/element.ts';
import { de } from '../../../src/element/locales/de.ts';
import { fr } from '../../../src/element/locales/fr.ts';
import { patternFile } from '../support/files.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { announced, mount, shadow } from './support/fixture.ts';

/** The language an element's text is read in: its closest `lang` in the shadow tree, else the host's. */
const langOf = (node: Element) => node.closest('[lang]')?.getAttribute('lang') ?? (node.getRootNode() as ShadowRoot).host.closest('[lang]')?.getAttribute('lang');

describe('<resumable-upload> the language of its words', () => {
  it('marks English words as English where the language has no translation', async () => {
    const element = await mount({ lang: 'sv', multiple: true, accept: '.pdf' });
    element.addFiles([patternFile(10, 'a.txt', 'text/plain')]);
    await element.updateComplete;
    const button = shadow(element).querySelector('[part=button]')!;
    expect(button.textContent!.trim()).toBe('Choose files');
    expect(langOf(button)).toBe('en');
    expect(langOf(shadow(element).querySelector('[part=status]')!)).toBe('en');
    await announced(element, /^a\.txt not added/);
    expect(langOf(shadow(element).querySelector('[role=status] p')!)).toBe('en');
    await expectNoAxeViolations(element);
    registerLocale('de', de);
    element.lang = 'de';
    await element.updateComplete;
    expect(button.textContent!.trim()).toBe(de.chooseFiles);
    expect(langOf(button)).toBe('de');
  });

  it('keeps a message said in one language under that language after a switch', async () => {
    registerLocale('de', de);
    registerLocale('fr', fr);
    const element = await mount({ lang: 'de', multiple: true, accept: '.pdf' });
    element.addFiles([patternFile(10, 'b.txt', 'text/plain')]);
    await announced(element, /^b\.txt nicht hinzugefügt/);
    element.lang = 'fr';
    await element.updateComplete;
    const said = shadow(element).querySelector('[role=status] p')!;
    expect(said.textContent).toMatch(/^b\.txt nicht hinzugefügt/);
    expect(langOf(said)).toBe('de');
    expect(langOf(shadow(element).querySelector('[part=button]')!)).toBe('fr');
  });
});

import { describe, expect, it } from 'vitest';
import { registerLocale } from '../../../src/element.ts';
import { de } from '../../../src/element/locales/de.ts';
import { patternFile } from '../support/files.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { announced, mount, rowOf, shadow } from './support/fixture.ts';
import { watchInput } from './support/picker.ts';

const strip = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '').replace(/\s+/g, ' ').trim();

/** The text that describes the element's button to assistive technology (its `aria-describedby`). */
function description(button: Element): string | undefined {
  const ids = button.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return strip(ids.map((id) => (button.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? '').join(' '));
}

describe('<resumable-upload> limits in the page’s own terms', () => {
  it('names the accepted types when a file is refused for its type', async () => {
    const element = await mount({ multiple: true, accept: 'image/*, .pdf' });
    element.addFiles([patternFile(10, 'notes.txt', 'text/plain')]);
    await announced(element, 'notes.txt not added: this type of file is not accepted (accepted: image/* or .pdf)');
    const row = await rowOf(element, element.items[0]!);
    expect(strip(row.querySelector('[part=status]')?.textContent)).toBe('Not added: this type of file is not accepted (accepted: image/* or .pdf)');
  });

  it('takes every type once the accept attribute is removed (the property is then null)', async () => {
    const element = await mount({ multiple: true, accept: 'image/*', auto: 'false' });
    element.removeAttribute('accept');
    await element.updateComplete;
    const [item] = element.addFiles([patternFile(10, 'notes.txt', 'text/plain')]);
    expect(item!.status).toBe('ready');
    await element.updateComplete;
    expect(strip((await rowOf(element, item!)).querySelector('[part=status]')?.textContent)).toBe('Ready');
  });

  it('says a size in the unit the page wrote: "1.5 KiB" stays 1.5 KiB, not 1.5 kB', async () => {
    const element = await mount({ multiple: true, 'max-file-size': '1.5 KiB', 'max-total-size': '2kb', auto: 'false' });
    element.addFiles([patternFile(1_537, 'big.bin'), patternFile(1_500, 'a.bin'), patternFile(1_000, 'b.bin')]);
    await element.updateComplete;
    const statuses = [...shadow(element).querySelectorAll('[part=status]')].map((status) => strip(status.textContent));
    expect(statuses).toEqual(['Not added: it is larger than 1.5 KiB', 'Ready', 'Not added: all the files together would be larger than 2 KB']);
  });

  it('describes the button with the accepted types and the largest file, in the language and its digits', async () => {
    const element = await mount({ multiple: true, accept: 'image/*,.pdf', 'max-file-size': '1.5 GiB' });
    const button = shadow(element).querySelector('[part=button]')!;
    expect(description(button)).toBe('Accepted: image/* or .pdf Up to 1.5 GiB per file');
    expect(strip(shadow(element).querySelector('[part=limits]')?.textContent)).toBe('Accepted: image/* or .pdf Up to 1.5 GiB per file');
    await expectNoAxeViolations(element);
    registerLocale('de', de);
    element.lang = 'de';
    await element.updateComplete;
    expect(description(button)).toBe('Zulässig: image/* oder .pdf Bis 1,5 GiB pro Datei');
    element.removeAttribute('accept');
    element.removeAttribute('max-file-size');
    await element.updateComplete;
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    expect(shadow(element).querySelector('[part=limits]')).toBeNull();
  });

  it('with directory, offers a folder and files, each by keyboard', async () => {
    const element = await mount({ directory: true, accept: '.txt' });
    const input = shadow(element).querySelector('input')!;
    const folder = shadow(element).querySelector<HTMLButtonElement>('[part=button]')!;
    const files = shadow(element).querySelector<HTMLButtonElement>('[part=files-button]')!;
    expect([strip(folder.textContent), strip(files.textContent)]).toEqual(['Choose a folder', 'Choose files']);
    const picked: boolean[] = [];
    for (const button of [folder, files, folder]) {
      const watch = watchInput(element);
      button.focus();
      button.click();
      await watch.next;
      picked.push(input.webkitdirectory);
    }
    expect(picked).toEqual([true, false, true]);
    expect(input.multiple).toBe(true);
    expect(description(files)).toBe('Accepted: .txt');
    await expectNoAxeViolations(element);
  });
});

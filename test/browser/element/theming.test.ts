import { describe, expect, it } from 'vitest';
import { patternFile } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import { mount, rowOf, shadow } from './support/fixture.ts';

// Colour schemes and reduced motion are in theming.emulated-media.test.ts.
describe('<resumable-upload> parts', () => {
  it('exposes parts to style from the page, by status too', async () => {
    const style = document.createElement('style');
    style.textContent = `
      resumable-upload::part(progress-indicator) { background-color: rgb(10, 20, 30); }
      resumable-upload::part(item-rejected) { border-color: rgb(200, 0, 0); }
      resumable-upload::part(pause-button) { inline-size: 77px; }`;
    document.head.append(style);
    try {
      const element = await mount({ multiple: true, accept: '.bin', 'chunk-size': String(256 * 1024) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 50, times: 100 }])));
      const [item] = element.addFiles([patternFile(4 * 256 * 1024, 'a.bin'), patternFile(10, 'b.txt')]);
      const row = await rowOf(element, item!);
      expect(getComputedStyle(row.querySelector('.fill')!).backgroundColor).toBe('rgb(10, 20, 30)');
      expect(getComputedStyle(row.querySelector('[data-action=pause]')!).inlineSize).toBe('77px');
      expect(getComputedStyle(shadow(element).querySelector('[data-status=rejected]')!).borderColor).toBe('rgb(200, 0, 0)');
    } finally {
      style.remove();
    }
  });
});

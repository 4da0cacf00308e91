import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { noEmulatedMedia } from '../../support/emulated-media.ts';
import { patternFile } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import { mount, reachStatus, rowOf, shadow } from './support/fixture.ts';

/** WCAG relative luminance of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((value) => {
    const channel = Number(value) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

// Colour schemes and forced colours, emulated in Chromium and Firefox (test/support/browser-commands.ts).
// Not in WebKit: its WebDriver has no media emulation (vite.config.ts lists it).
describe('<resumable-upload> rows in other colours', () => {
  afterEach(async () => {
    await commands.emulateMedia(noEmulatedMedia);
  });

  it('sets the empty track off from the row at 3:1 or more, in light and dark colours', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await commands.emulateMedia({ colorScheme: scheme });
      const element = await mount({ auto: 'false' });
      const [item] = element.addFiles([patternFile(10, `${scheme}.bin`)]);
      const row = await rowOf(element, item!);
      const bar = getComputedStyle(row.querySelector('[part~=progress]')!);
      expect(contrast(bar.borderTopColor, getComputedStyle(row).backgroundColor), scheme).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the bar and the Choose button outline visible in forced colours', async () => {
    await commands.emulateMedia({ forcedColors: 'active' });
    const element = await mount({ auto: 'false' });
    const [item] = element.addFiles([patternFile(10, 'x.bin')]);
    const row = await rowOf(element, item!);
    const fill = getComputedStyle(row.querySelector('.fill')!);
    const bar = getComputedStyle(row.querySelector('[part~=progress]')!);
    expect(fill.backgroundColor).not.toBe(bar.backgroundColor);
    expect(bar.borderTopStyle).toBe('solid');
    expect(bar.borderTopColor).not.toBe(bar.backgroundColor);
    const choose = getComputedStyle(shadow(element).querySelector('[part=button]')!);
    expect(choose.borderTopStyle).toBe('solid');
    expect(choose.borderTopColor).not.toBe('rgba(0, 0, 0, 0)');
    expect(choose.borderTopColor).not.toBe(choose.backgroundColor);
  });

  it('draws every row’s bar in system colours in forced colours: done, failed and paused too', async () => {
    await commands.emulateMedia({ forcedColors: 'active' });
    const probe = document.createElement('div');
    probe.style.background = 'Highlight';
    document.body.append(probe);
    const highlight = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const element = await mount({ multiple: true, auto: 'false' }, (el) => {
      el.style.setProperty('--resumable-upload-success', 'rgb(1, 2, 3)');
      el.style.setProperty('--resumable-upload-error', 'rgb(4, 5, 6)');
      el.style.setProperty('--resumable-upload-accent', 'rgb(7, 8, 9)');
      el.prepare = (file) => (file.name === 'failed.bin' ? { headers: faultHeaders([{ kind: 'status', status: 400, match: 'start' }]) } : {});
    });
    const [done, failed, paused] = element.addFiles([patternFile(10, 'done.bin'), patternFile(10, 'failed.bin'), patternFile(10, 'paused.bin')]);
    done!.start();
    failed!.start();
    paused!.start();
    paused!.pause();
    await reachStatus(element, done!, 'done');
    await reachStatus(element, failed!, 'failed');
    await reachStatus(element, paused!, 'paused');
    const fills: Record<string, string> = {};
    for (const item of [done!, failed!, paused!]) {
      const fill = getComputedStyle((await rowOf(element, item)).querySelector('.fill')!);
      fills[item.status] = fill.backgroundImage === 'none' ? fill.backgroundColor : fill.backgroundImage;
    }
    expect(fills.done).toBe(highlight);
    expect(fills.failed).toBe(highlight);
    expect(fills.paused).toContain(highlight);
    expect(Object.values(fills).join(' ')).not.toMatch(/rgb\((1, 2, 3|4, 5, 6|7, 8, 9)\)/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { noEmulatedMedia } from '../../support/emulated-media.ts';
import { patternFile } from '../support/files.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, rowOf, shadow, summaryOf } from './support/fixture.ts';

// Colour schemes and motion, emulated in Chromium and Firefox (test/support/browser-commands.ts). Not in
// WebKit: its WebDriver has no media emulation (vite.config.ts lists it).
describe('<resumable-upload> colour schemes and motion', () => {
  afterEach(async () => {
    await commands.emulateMedia(noEmulatedMedia);
  });

  it('switches to dark colours with prefers-color-scheme: dark, without axe violations', async () => {
    const element = await mount({ auto: 'false' });
    element.addFiles([patternFile(10, 'x.bin')]);
    await element.updateComplete;
    const zone = shadow(element).querySelector<HTMLElement>('[part=drop-zone]')!;
    // The colours change with a short transition: read them where it ends.
    const surface = () => (zone.getAnimations().forEach((animation) => animation.finish()), getComputedStyle(zone).backgroundColor);
    expect(surface()).toBe('rgb(255, 255, 255)');
    await commands.emulateMedia({ colorScheme: 'dark' });
    expect(surface()).toBe('rgb(22, 27, 34)');
    await expectNoAxeViolations(element);
  });

  it('takes theme custom properties, in both schemes', async () => {
    const element = await mount({}, (el) => el.style.setProperty('--resumable-upload-surface', 'rgb(1, 2, 3)'));
    const zone = shadow(element).querySelector<HTMLElement>('[part=drop-zone]')!;
    const surface = () => (zone.getAnimations().forEach((animation) => animation.finish()), getComputedStyle(zone).backgroundColor);
    expect(surface()).toBe('rgb(1, 2, 3)');
    await commands.emulateMedia({ colorScheme: 'dark' });
    expect(surface()).toBe('rgb(1, 2, 3)');
  });

  it('drops the drop zone\'s colour change with prefers-reduced-motion: reduce', async () => {
    const element = await mount({ auto: 'false' });
    const zone = shadow(element).querySelector<HTMLElement>('[part=drop-zone]')!;
    expect(getComputedStyle(zone).transitionDuration).toBe('0.15s, 0.15s');
    await commands.emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(zone).transitionDuration).toBe('0s');
  });

  // A bar gliding from one drawing to the next kept the page drawing every frame while files uploaded.
  it('moves progress bars in steps, never an animation, in either motion setting', async () => {
    const element = await mount({ auto: 'false', multiple: true });
    const [item] = element.addFiles([patternFile(10, 'x.bin'), patternFile(10, 'y.bin')]);
    const row = await rowOf(element, item!);
    const bars = [...row.querySelectorAll('.fill, .sent'), ...(await summaryOf(element)).querySelectorAll('.fill')];
    expect(bars).toHaveLength(3);
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await commands.emulateMedia({ reducedMotion });
      for (const bar of bars) expect(getComputedStyle(bar).transitionDuration).toBe('0s');
    }
  });
});

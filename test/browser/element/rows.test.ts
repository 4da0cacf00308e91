import { describe, expect, it } from 'vitest';
import { patternFile, QUANTUM } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, reachStatus, rowOf } from './support/fixture.ts';
import { until } from '../../support/until.ts';

describe('<resumable-upload> rows', () => {
  it('shortens a long name at its end with an ellipsis, with the whole name in its title and text; a short one whole', async () => {
    const name = 'quarterly-report-of-the-northern-region-sales-team-2026-final-v3.pdf';
    const element = await mount({ auto: 'false' }, (el) => (el.style.inlineSize = '390px'));
    const [item] = element.addFiles([patternFile(10, name)]);
    const row = await rowOf(element, item!);
    const part = row.querySelector<HTMLElement>('[part=name]')!;
    expect(part.title).toBe(name);
    expect(part.textContent).toBe(name);
    expect(getComputedStyle(part).textOverflow).toBe('ellipsis');
    expect(part.scrollWidth).toBeGreaterThan(part.clientWidth);
    await expectNoAxeViolations(element);
    const [short] = element.addFiles([patternFile(10, 'photo.jpg')]);
    const shortName = (await rowOf(element, short!)).querySelector<HTMLElement>('[part=name]')!;
    expect(shortName.scrollWidth).toBeLessThanOrEqual(shortName.clientWidth);
  });

  it('isolates each figure with its unit, apart by space, no character a script could read as a digit', async () => {
    const element = await mount({ lang: 'fa', dir: 'rtl', 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 80, times: 100 }])));
    const [item] = element.addFiles([patternFile(12 * QUANTUM, 'video.mov')]);
    await reachStatus(element, item!, 'uploading');
    await until(() => (item!.bytesPerSecond ?? 0) > 0 && item!.bytesCommitted >= 2 * QUANTUM, 'a speed and 512 KiB sent');
    const row = await rowOf(element, item!);
    await element.updateComplete;
    const details = row.querySelector('[part=details]')!;
    const figures = [...details.querySelectorAll('bdi')];
    expect(figures.length).toBe(3);
    // Nothing between the figures but spaces: the divider is drawn.
    const between = [...details.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent!.trim());
    expect(between.join('')).toBe('');
    expect(details.textContent).not.toMatch(/[·•|]/);
    // Apart by space enough to see: a gap of at least half a letter's height.
    const [first, second] = figures.map((figure) => figure.getBoundingClientRect());
    const fontSize = parseFloat(getComputedStyle(details).fontSize);
    if (Math.abs(first!.top - second!.top) < 1) expect(Math.abs(first!.left - second!.right) >= 0.5 * fontSize || Math.abs(second!.left - first!.right) >= 0.5 * fontSize).toBe(true);
    await reachStatus(element, item!, 'done');
  });

  it('makes paused and failed rows look different from an uploading one, not only in words', async () => {
    const element = await mount({ multiple: true, auto: 'false' }, (el) => {
      el.prepare = (file) => (file.name === 'broken.bin' ? { headers: faultHeaders([{ kind: 'status', status: 400, match: 'start' }]) } : {});
    });
    const [ready, paused, broken] = element.addFiles([patternFile(10, 'ready.bin'), patternFile(10, 'paused.bin'), patternFile(10, 'broken.bin')]);
    paused!.start();
    paused!.pause();
    broken!.start();
    await reachStatus(element, broken!, 'failed');
    await reachStatus(element, paused!, 'paused');
    const look = async (item: typeof ready) => {
      const row = await rowOf(element, item!);
      const style = getComputedStyle(row);
      return `${style.borderTopStyle} ${style.borderInlineStartWidth} ${style.borderInlineStartColor} ${getComputedStyle(row.querySelector('.fill')!).backgroundImage}`;
    };
    const looks = new Set([await look(ready), await look(paused), await look(broken)]);
    expect(looks.size).toBe(3);
  });

  it('takes the bar thickness from --resumable-upload-bar-thickness', async () => {
    const element = await mount({ auto: 'false' }, (el) => el.style.setProperty('--resumable-upload-bar-thickness', '12px'));
    const [item] = element.addFiles([patternFile(10, 'x.bin')]);
    const bar = (await rowOf(element, item!)).querySelector<HTMLElement>('[part~=progress]')!;
    expect(getComputedStyle(bar).blockSize).toBe('12px');
  });

  it('shows Cancel and Remove with different icons', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const [waiting, gone] = element.addFiles([patternFile(10, 'a.bin'), patternFile(10, 'b.bin')]);
    gone!.cancel();
    await element.updateComplete;
    const cancel = (await rowOf(element, waiting!)).querySelector('[data-action=cancel] svg')!.innerHTML;
    const remove = (await rowOf(element, gone!)).querySelector('[data-action=remove] svg')!.innerHTML;
    expect(cancel).not.toBe(remove);
  });
});

import { describe, expect, it } from 'vitest';
import { QUANTUM, patternFile } from '../support/files.ts';
import { incomplete, script, sessionStarted } from '../support/scripted.ts';
import { until } from '../../support/until.ts';
import { mount, rowOf, shadow } from './support/fixture.ts';

const layers = (row: HTMLElement) => {
  const bar = row.querySelector<HTMLElement>('[part=progress]')!;
  return { sent: bar.style.getPropertyValue('--sent'), confirmed: bar.style.getPropertyValue('--fraction'), valuenow: bar.getAttribute('aria-valuenow') };
};

describe('<resumable-upload> bytes on their way', () => {
  it('draws the chunk in flight as a lighter layer under the confirmed bar, says it in tenths, and drops it on pause', async () => {
    // The second chunk's body is read to its end and never answered.
    const scripted = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 0, hold: 'answer' }]);
    const element = await mount({ endpoint: `${scripted.base}/upload`, 'chunk-size': String(QUANTUM) });
    const [item] = element.addFiles([patternFile(3 * QUANTUM, 'big.bin')]);
    const row = await rowOf(element, item!);
    const bar = row.querySelector('[part=progress]')!;
    const spoken = new Set<string>();
    new MutationObserver(() => spoken.add(bar.getAttribute('aria-valuetext')!)).observe(bar, { attributeFilter: ['aria-valuetext'] });

    await until(() => layers(row).sent === String(2 / 3), () => `the sent layer at 2/3 (${JSON.stringify(layers(row))})`);
    expect(layers(row)).toEqual({ sent: String(2 / 3), confirmed: String(1 / 3), valuenow: '33' });
    expect(getComputedStyle(row.querySelector('[part=progress-sent]')!).opacity).toBe('0.35');
    // Spoken too, in whole tenths: the text changes with a tenth sent, not with each sent event.
    await until(() => bar.getAttribute('aria-valuetext')!.endsWith('(60% sent)'), () => `"(60% sent)" spoken (${bar.getAttribute('aria-valuetext')})`);
    expect(bar.getAttribute('aria-valuetext')).toMatch(/^33%, .+ \(60% sent\)$/);
    for (const text of spoken) expect(text).toMatch(/^\d+%, [^(]+( \([1-9]0% sent\))?$/);

    item!.pause();
    await until(() => item!.status === 'paused' && layers(row).sent === String(1 / 3), () => `the sent layer back at 1/3 (${JSON.stringify(layers(row))})`);
    expect(layers(row).confirmed).toBe(String(1 / 3));
    expect(bar.getAttribute('aria-valuetext')).not.toContain('sent'); // at rest, what the server has
    expect(shadow(element).querySelectorAll('[part=progress-sent]')).toHaveLength(1);
  });
});

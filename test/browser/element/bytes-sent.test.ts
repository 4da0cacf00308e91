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
  it('draws the chunk in flight as a lighter layer under the confirmed bar, which alone is spoken, and drops it on pause', async () => {
    // The second chunk's body is read to its end and never answered.
    const scripted = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 0, hold: 'answer' }]);
    const element = await mount({ endpoint: `${scripted.base}/upload`, 'chunk-size': String(QUANTUM) });
    const [item] = element.addFiles([patternFile(3 * QUANTUM, 'big.bin')]);
    const row = await rowOf(element, item!);

    await until(() => layers(row).sent === String(2 / 3), () => `the sent layer at 2/3 (${JSON.stringify(layers(row))})`);
    expect(layers(row)).toEqual({ sent: String(2 / 3), confirmed: String(1 / 3), valuenow: '33' });
    expect(getComputedStyle(row.querySelector('[part=progress-sent]')!).opacity).toBe('0.35');

    item!.pause();
    await until(() => item!.status === 'paused' && layers(row).sent === String(1 / 3), () => `the sent layer back at 1/3 (${JSON.stringify(layers(row))})`);
    expect(layers(row).confirmed).toBe(String(1 / 3));
    expect(shadow(element).querySelectorAll('[part=progress-sent]')).toHaveLength(1);
  });
});

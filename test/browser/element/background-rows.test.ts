// A row handed to the browser (`'background'`) says so whatever turned the option on: the element's
// `background` attribute, or `prepare` for some files only.
//
// The hand-off itself needs Background Fetch and an active service worker (Chromium's alone, run for
// real in e2e/background.spec.ts). Here, in both engines, the element is given the engine's own
// `statechange` to `'background'` on the item's real Upload, as that Upload reports it once the
// browser took the request: what is tested is the row and the live region that follow it.
import { describe, expect, it } from 'vitest';
import type { ResumableUploadElement, UploadItem } from '../../../src/element.ts';
import type { UploadStateChangeDetail } from '../../../src/index.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import { announced, mount, reachStatus, rowOf } from './support/fixture.ts';

/** The engine's word that the browser took the rest of the upload. */
function handedToTheBrowser(item: UploadItem): void {
  const detail: UploadStateChangeDetail = { state: 'background', previous: 'uploading' };
  item.upload!.dispatchEvent(new CustomEvent('statechange', { detail }));
}

/** Starts one upload that cannot end (every chunk held unanswered by the server) and waits until it is under way. */
async function uploading(element: ResumableUploadElement): Promise<UploadItem> {
  const [item] = element.addFiles([patternFile(8 * QUANTUM, 'report.pdf')]);
  await reachStatus(element, item!, 'uploading');
  return item!;
}

// Held, not slowed: a finished upload would say "uploaded" in the live region before the test reads it.
const slow = { headers: faultHeaders([{ kind: 'hold', match: 'chunk', times: 100 }]) };

describe('<resumable-upload> a row handed to the browser', () => {
  for (const [how, attributes, prepare] of [
    ['the background attribute', { background: true }, () => slow],
    ['prepare alone', {}, () => ({ ...slow, background: true })],
    ['prepare alone, with options', {}, () => ({ ...slow, background: { maxBytes: 64 * QUANTUM } })],
  ] as const) {
    it(`says "Continuing in the background", offers only Cancel, and the live region says so, when ${how} turned it on`, async () => {
      const element = await mount({ ...attributes, 'chunk-size': String(QUANTUM) }, (el) => (el.prepare = prepare));
      const item = await uploading(element);
      handedToTheBrowser(item);
      expect(item.status).toBe('background');
      const row = await rowOf(element, item);
      expect(row.getAttribute('part')).toBe('item item-background');
      expect(row.querySelector('[part~=status]')!.textContent).toBe('Continuing in the background');
      expect([...row.querySelectorAll('button')].map((button) => button.getAttribute('aria-label'))).toEqual(['Cancel report.pdf']);
      await announced(element, 'report.pdf continues in the background');
    });
  }

  it('an upload without the option, in a list where another has it, keeps its own words', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM), multiple: true, concurrency: '2' }, (el) => {
      el.prepare = (file) => ({ ...slow, ...(file.name === 'report.pdf' ? { background: true } : {}) });
    });
    const [other] = element.addFiles([patternFile(8 * QUANTUM, 'notes.bin')]);
    const item = await uploading(element);
    await reachStatus(element, other!, 'uploading');
    handedToTheBrowser(item);
    expect((await rowOf(element, item)).querySelector('[part~=status]')!.textContent).toBe('Continuing in the background');
    expect((await rowOf(element, other!)).querySelector('[part~=status]')!.textContent).toBe('Uploading');
  });
});

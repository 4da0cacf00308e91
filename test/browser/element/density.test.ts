import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredUploads } from '../../../src/index.ts';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, reachStatus, rowOf } from './support/fixture.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';

/** A row uploading with every figure shown (percent and bytes, speed, time left), in an element this wide. */
async function uploadingRow(width: string) {
  const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => {
    el.style.inlineSize = width;
    el.headers = faultHeaders([{ kind: 'delay', ms: 80, times: 100 }]);
  });
  const [item] = element.addFiles([patternFile(12 * QUANTUM, 'holiday-video-of-the-whole-family-at-the-seaside.mov', 'video/quicktime')]);
  await reachStatus(element, item!, 'uploading');
  while (item!.secondsLeft === undefined || item!.bytesPerSecond === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  await element.updateComplete;
  const row = await rowOf(element, item!);
  return { element, item: item!, row };
}

/** A row failed with a long reason (the server's 403), in an element this wide. */
async function failedRow(width: string) {
  const element = await mount({}, (el) => {
    el.style.inlineSize = width;
    el.headers = faultHeaders([{ kind: 'status', status: 403, match: 'start' }]);
  });
  const [item] = element.addFiles([patternFile(10, 'quarterly-report.pdf', 'application/pdf')]);
  await reachStatus(element, item!, 'failed');
  return { element, row: await rowOf(element, item!) };
}

/** Pairs of the row's parts whose boxes overlap, and parts outside the row's box. */
function overlaps(row: HTMLElement): string[] {
  const parts = [...row.querySelectorAll<HTMLElement>(':scope > [part]')].filter((part) => part.getClientRects().length > 0);
  const box = (part: HTMLElement) => part.getBoundingClientRect();
  const found: string[] = [];
  const edge = row.getBoundingClientRect();
  for (const [i, a] of parts.entries()) {
    const r = box(a);
    if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5 || r.top < edge.top - 0.5 || r.bottom > edge.bottom + 0.5) found.push(`${a.className} outside the row`);
    for (const b of parts.slice(i + 1)) {
      const s = box(b);
      if (r.left < s.right - 0.5 && s.left < r.right - 0.5 && r.top < s.bottom - 0.5 && s.top < r.bottom - 0.5) found.push(`${a.className} over ${b.className}`);
    }
  }
  return found;
}

const fontSize = (element: ResumableUploadElement) => parseFloat(getComputedStyle(element).fontSize);

beforeEach(() => clearStoredUploads());

describe('<resumable-upload> row density', () => {
  it('lays an uploading row out in two lines at 1280 px, about half the height of four, every figure shown', async () => {
    const { element, item, row } = await uploadingRow('1280px');
    // Four lines (name, status, bar, figures) made a row 6.25em high (100 px).
    expect(row.getBoundingClientRect().height / fontSize(element)).toBeLessThanOrEqual(3.5);
    expect(row.querySelectorAll('[part=details] bdi')).toHaveLength(3);
    expect(row.querySelector('[part=status]')!.textContent).toBe('Uploading');
    expect(overlaps(row)).toEqual([]);
    // Targets of at least 24 × 24 px (WCAG 2.5.8).
    for (const button of row.querySelectorAll('button')) {
      const { width, height } = button.getBoundingClientRect();
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
    }
    await expectNoAxeViolations(element);
    await reachStatus(element, item, 'done');
  });

  for (const width of ['320px', '390px', '639px', '640px', '1280px']) {
    it(`overlaps no text in a row at ${width}: uploading, failed with its reason, interrupted`, async () => {
      const { element, item, row } = await uploadingRow(width);
      expect(overlaps(row)).toEqual([]);
      await reachStatus(element, item, 'done');
      const failed = await failedRow(width);
      expect(failed.row.querySelector('[part=status]')!.textContent!.length).toBeGreaterThan(30);
      expect(overlaps(failed.row)).toEqual([]);
      // An interrupted upload's row, with Choose again in words.
      const url = endpoint();
      await interrupt(patternFile(4 * QUANTUM, 'holiday-video-of-the-whole-family-at-the-seaside.mov'), url);
      const [interrupted] = await rowsAfterConnect(await mount({ endpoint: url }, (el) => (el.style.inlineSize = width)), 1);
      expect(overlaps(interrupted!)).toEqual([]);
    });
  }
});

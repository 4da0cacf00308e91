import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { patternFile, QUANTUM } from '../support/files.ts';
import { faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, nextEvent, reachStatus, shadow, summaryOf } from './support/fixture.ts';

const strip = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '').replace(/\s+/g, ' ').trim();

const figuresOf = (summary: HTMLElement, part: string) => [...summary.querySelectorAll(`[part~=${part}] bdi`)].map((bdi) => strip(bdi.textContent));
const buttonsOf = (summary: HTMLElement) => [...summary.querySelectorAll('[part~=summary-button]')].map((button) => strip(button.textContent));

describe('<resumable-upload> summary', () => {
  it('is not there for one file, and counts files and confirmed bytes over all of them from the second', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    // Two files, then one: the summary's part has loaded, and one file has none.
    const [, extra] = element.addFiles([patternFile(1000, 'one.bin'), patternFile(10, 'extra.bin')]);
    await summaryOf(element);
    extra!.remove();
    await element.updateComplete;
    expect(shadow(element).querySelector('[part~=summary]')).toBeNull();

    const [two] = element.addFiles([patternFile(3000, 'two.bin')]);
    const summary = await summaryOf(element);
    expect(figuresOf(summary, 'summary-counts')).toEqual(['0 done', '2 left']);
    expect(strip(summary.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext'))).toBe('0%, 0 bytes of 4 kB');
    expect(buttonsOf(summary)).toEqual(['Cancel all']);
    await expectNoAxeViolations(element);

    element.items[0]!.start();
    await reachStatus(element, element.items[0]!, 'done');
    await element.updateComplete;
    expect(figuresOf(summary, 'summary-counts')).toEqual(['1 done', '1 left']);
    // 1,000 of 4,000 bytes: the done file counts whole, the other nothing yet.
    expect(summary.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('25');

    two!.start();
    await reachStatus(element, two!, 'done');
    await element.updateComplete;
    expect(figuresOf(summary, 'summary-counts')).toEqual(['2 done', '0 left']);
    expect(figuresOf(summary, 'summary-details')).toEqual(['100%, 4 kB of 4 kB']);
    expect(buttonsOf(summary)).toEqual([]);
  });

  it('pauses, resumes, retries and cancels every file from its buttons', async () => {
    const element = await mount({ multiple: true, concurrency: '3', 'chunk-size': String(QUANTUM) }, (el) => {
      el.prepare = (file) =>
        file.name === 'bad.bin'
          ? { headers: faultHeaders([{ kind: 'status', status: 400, match: 'start' }]) }
          : { headers: faultHeaders([{ kind: 'delay', ms: 150, times: 100 }]) };
    });
    const [slow1, slow2, bad] = element.addFiles([patternFile(12 * QUANTUM, 'slow-1.bin'), patternFile(12 * QUANTUM, 'slow-2.bin'), patternFile(100, 'bad.bin')]);
    await nextEvent(element, 'upload-progress');
    const summary = await summaryOf(element);
    const click = async (label: string) => {
      await element.updateComplete;
      [...summary.querySelectorAll<HTMLButtonElement>('[part~=summary-button]')].find((button) => strip(button.textContent) === label)!.click();
    };
    await click('Pause all');
    await reachStatus(element, slow1!, 'paused');
    await reachStatus(element, slow2!, 'paused');
    await element.updateComplete;
    expect(buttonsOf(summary)).toContain('Resume all');
    expect(buttonsOf(summary)).not.toContain('Pause all');

    await click('Resume all');
    await nextEvent(element, 'upload-progress');
    expect([slow1!.status, slow2!.status]).not.toContain('paused');
    await reachStatus(element, bad!, 'failed');
    await element.updateComplete;
    expect(figuresOf(summary, 'summary-counts')).toContain('1 failed');
    // The overall speed and time left, while files upload.
    await nextEvent(element, 'upload-progress');
    await nextEvent(element, 'upload-progress');
    await element.updateComplete;
    expect(figuresOf(summary, 'summary-details')).toEqual([expect.stringMatching(/^\d+%, /), expect.stringMatching(/B\/s$/), expect.stringMatching(/ left$/)]);

    await click('Retry all');
    expect(bad!.status).not.toBe('failed');
    await click('Cancel all');
    await reachStatus(element, slow1!, 'cancelled');
    await reachStatus(element, slow2!, 'cancelled');
    await expectNoAxeViolations(element);
  });
});

describe('<resumable-upload> summary at 320 px', () => {
  for (const label of ['All uploads', 'Every upload of this form, together']) {
    it(`shows its title whole and apart from the counts ("${label}")`, async () => {
      const element = await mount({ multiple: true, auto: 'false' }, (el) => {
        el.style.inlineSize = '320px';
        el.strings = { summaryLabel: label };
      });
      element.addFiles(Array.from({ length: 12 }, (_, i) => patternFile(10, `f-${i}.bin`)));
      const summary = await summaryOf(element);
      const title = summary.querySelector<HTMLElement>('#summary-label')!;
      const counts = summary.querySelector<HTMLElement>('[part~=summary-counts]')!;
      const [a, b] = [title.getBoundingClientRect(), counts.getBoundingClientRect()];
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap).toBe(false);
      expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
      expect(title.textContent).toBe(label);
      expect(Math.max(a.right, b.right)).toBeLessThanOrEqual(summary.getBoundingClientRect().right + 0.5);
    });
  }
});

describe('<resumable-upload> summary in a long list', () => {
  it('stays in view at the bottom of the screen while the list scrolls, and its buttons work there', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const items = element.addFiles(Array.from({ length: 200 }, (_, i) => patternFile(10, `long-${i}.bin`)));
    const summary = await summaryOf(element);
    const list = shadow(element).querySelector<HTMLElement>('[part~=list]')!;
    // The middle of the list on screen: the end of the list (where the summary sits in the flow) far below.
    scrollTo(0, list.getBoundingClientRect().top + scrollY + list.getBoundingClientRect().height / 2);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await element.updateComplete;
    expect(list.getBoundingClientRect().bottom).toBeGreaterThan(innerHeight * 2);
    const box = summary.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(innerHeight + 0.5);
    summary.querySelector<HTMLButtonElement>('[data-summary-action=cancelAll]')!.click();
    expect(items.every((item) => item.status === 'cancelled')).toBe(true);
  });
});

describe('<resumable-upload> summaries of several elements', () => {
  it('names each summary region apart: by the element’s label, else by its number on the page', async () => {
    const label = document.createElement('label');
    label.htmlFor = 'photos';
    label.textContent = 'Photos';
    document.body.append(label);
    try {
      const elements = [await mount({ multiple: true, auto: 'false' }), await mount({ multiple: true, auto: 'false' })];
      for (const element of elements) element.addFiles([patternFile(10, 'a.bin'), patternFile(10, 'b.bin')]);
      const names = () => Promise.all(elements.map(async (element) => (await summaryOf(element)).getAttribute('aria-label')));
      expect(await names()).toEqual(['All uploads: 1', 'All uploads: 2']);
      // The page's own content is no landmark here: only the regions' names are checked over the page.
      expect((await axe.run(document.body, { runOnly: ['landmark-unique'] })).violations).toEqual([]);
      elements[1]!.id = 'photos';
      elements[1]!.requestUpdate();
      expect(await names()).toEqual(['All uploads: 1', 'All uploads: Photos']);
      elements[0]!.remove();
      elements[1]!.removeAttribute('id');
      elements[1]!.requestUpdate();
      expect(await summaryOf(elements[1]!).then((summary) => summary.getAttribute('aria-label'))).toBe('All uploads');
    } finally {
      label.remove();
    }
  });
});

describe('<resumable-upload> inside a shadow root', () => {
  it('is named by the <label> of its own tree, and numbered among the elements there', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    try {
      // A label with the same `for` on the page itself is not this element's: ids are per tree.
      const decoy = Object.assign(document.createElement('label'), { htmlFor: 'photos', textContent: 'Not mine' });
      document.body.append(decoy);
      root.append(Object.assign(document.createElement('label'), { htmlFor: 'photos', textContent: 'Photos' }));
      const elements = [await mount({ multiple: true, auto: 'false', id: 'photos' }), await mount({ multiple: true, auto: 'false' })];
      root.append(...elements);
      for (const element of elements) element.addFiles([patternFile(10, 'a.bin'), patternFile(10, 'b.bin')]);
      const names = () => Promise.all(elements.map(async (element) => (await summaryOf(element)).getAttribute('aria-label')));
      expect(await names()).toEqual(['All uploads: Photos', 'All uploads: 2']);
      decoy.remove();
    } finally {
      host.remove();
    }
  });
});

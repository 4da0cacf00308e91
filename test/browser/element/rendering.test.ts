import { describe, expect, it } from 'vitest';
import { patternFile, QUANTUM } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { faultHeaders } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { announced, liveRegionText, mount, nextEvent, reachStatus, rowOf, shadow } from './support/fixture.ts';

/** The figures of a row's details line, each in its own <bdi>. */
const figures = (row: Element) => [...row.querySelectorAll('[part=details] bdi')].map((bdi) => bdi.textContent!);

describe('<resumable-upload> rendering', () => {
  it('shows a picker button, a drop zone and the empty state, with no axe violations', async () => {
    const element = await mount({ multiple: true });
    const root = shadow(element);
    const button = root.querySelector('button[part=button]')!;
    expect(button.textContent?.trim()).toBe('Choose files');
    expect(root.querySelector('[part=drop-zone]')?.textContent).toContain('or drop them here');
    expect(root.querySelector('[part=empty]')?.textContent?.trim()).toBe('No files yet.');
    expect(root.querySelector<HTMLInputElement>('input[type=file]')?.multiple).toBe(true);
    // The icon is drawn: real SVG, with an area.
    const path = button.querySelector('svg path');
    expect(path).toBeInstanceOf(SVGPathElement);
    expect((path as SVGPathElement).getBBox().width).toBeGreaterThan(0);
    await expectNoAxeViolations(element);
  });

  it('says "Choose a file" without multiple and passes accept to the picker', async () => {
    const element = await mount({ accept: 'image/*,.pdf' });
    const root = shadow(element);
    expect(root.querySelector('button[part=button]')?.textContent?.trim()).toBe('Choose a file');
    const input = root.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(false);
    expect(input.accept).toBe('image/*,.pdf');
  });

  it('fills the drop-label and empty slots', async () => {
    const element = await mount({}, (el) => {
      el.innerHTML = '<span slot="drop-label">Drop your scans</span><p slot="empty">Nothing sent yet</p>';
    });
    const slots = [...shadow(element).querySelectorAll('slot')];
    expect(slots.map((slot) => slot.assignedElements().map((e) => e.textContent))).toEqual([['Drop your scans'], ['Nothing sent yet']]);
  });

  it('renders one row per file with name, size, status, a progressbar and its buttons, then uploads the bytes', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) });
    const file = patternFile(3 * QUANTUM + 5, 'report.pdf', 'application/pdf');
    const success = nextEvent(element, 'upload-success');
    const [item] = element.addFiles([file]);
    const row = await rowOf(element, item!);
    expect(row.querySelector('[part=name]')?.textContent).toBe('report.pdf');
    expect(row.querySelector('[part=size]')?.textContent).toBe('786 kB');
    const bar = row.querySelector('[role=progressbar]')!;
    expect(bar.getAttribute('aria-labelledby')).toBe(row.querySelector('[part=name]')!.id);
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');

    const { detail } = await success;
    await expectStored(detail.result, file);
    await element.updateComplete;
    expect(row.dataset.status).toBe('done');
    expect(row.getAttribute('part')).toBe('item item-done');
    expect(row.querySelector('[part=status]')?.textContent).toBe('Done');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('100%, 786 kB of 786 kB')
    // On screen, each value is isolated from the sentence's direction.
    expect(figures(row)).toEqual(['\u2068100%\u2069, \u2068786 kB\u2069 of \u2068786 kB\u2069']);
    const buttons = [...row.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Remove report.pdf from the list']);
    await expectNoAxeViolations(element);
  });

  it('has no axe violations with rows ready, paused, failed, rejected and done', async () => {
    const element = await mount({ multiple: true, 'max-file-size': '100000', auto: 'false' }, (el) => {
      // A 400 at the session start is not retried: that file fails at once.
      el.prepare = (file) => (file.name === 'broken.bin' ? { headers: faultHeaders([{ kind: 'status', status: 400, match: 'start' }]) } : {});
    });
    const [ready, paused, broken, done] = element.addFiles([
      patternFile(900, 'ready.bin'),
      patternFile(900, 'paused.bin'),
      patternFile(900, 'broken.bin'),
      patternFile(900, 'done.bin'),
      patternFile(200_000, 'big.bin'),
    ]);
    paused!.start();
    paused!.pause();
    broken!.start();
    done!.start();
    await reachStatus(element, broken!, 'failed');
    await reachStatus(element, done!, 'done');
    expect(element.items.map((item) => item.status)).toEqual(['ready', 'paused', 'failed', 'done', 'rejected']);
    expect(ready!.status).toBe('ready');
    const statuses = [...shadow(element).querySelectorAll('[part=status]')].map((status) => status.textContent);
    expect(statuses).toEqual([
      'Ready',
      'Paused',
      'Failed: \u2068the server refused it (\u2066HTTP \u2068400\u2069\u2069)\u2069',
      'Done',
      'Not added: \u2068it is larger than \u2068100 kB\u2069\u2069',
    ]);
    await expectNoAxeViolations(element);
    // The reason keeps the limit the file was checked against.
    element.maxFileSize = 5;
    await element.updateComplete;
    expect(shadow(element).querySelector('[data-status=rejected] [part=status]')?.textContent).toContain('100 kB');
  });

  it('announces start, completion and failure through a polite live region', async () => {
    const element = await mount({ multiple: true }, (el) => {
      el.prepare = (file) => (file.name === 'bad.bin' ? { headers: faultHeaders([{ kind: 'status', status: 403, match: 'start' }]) } : {});
    });
    // The region is in the page before anything is said, so screen readers watch it.
    expect(liveRegionText(element)).toBe('');
    element.addFiles([patternFile(1000, 'good.bin')]);
    // A file that starts and finishes within the same second is said once, finished.
    await announced(element, /^(Uploading good.bin|good.bin uploaded)$/);
    await announced(element, 'good.bin uploaded');
    element.addFiles([patternFile(1000, 'bad.bin')]);
    await announced(element, 'bad.bin failed: the server refused it (HTTP 403)');
  });

  it('shows the smoothed speed and the time left while uploading', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 60, times: 100 }])));
    const [item] = element.addFiles([patternFile(10 * QUANTUM, 'video.mov')]);
    await nextEvent(element, 'upload-progress', (event) => event.detail.bytesCommitted >= 3 * QUANTUM);
    const row = await rowOf(element, item!);
    const details = figures(row).map((figure) => figure.replace(/[\u2068\u2069]/g, ''));
    expect(details).toEqual([expect.stringMatching(/^\d+%, [\d.]+ [kM]B of 2\.6 MB$/), expect.stringMatching(/^[\d.]+ [kM]B\/s$/), expect.stringMatching(/^[\d, a-z]+ left$/)]);
    expect(item!.bytesPerSecond).toBeGreaterThan(0);
    expect(item!.secondsLeft).toBeGreaterThan(0);
    await reachStatus(element, item!, 'done');
    // Once done, no speed nor time left.
    expect(figures(row)).toEqual(['\u2068100%\u2069, \u20682.6 MB\u2069 of \u20682.6 MB\u2069']);
  });
});

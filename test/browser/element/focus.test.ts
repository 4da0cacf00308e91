import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { clearStoredUploads } from '../../../src/storage/stored-uploads.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint, faultHeaders, injectFaults } from '../support/server.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { announced, liveRegionText, mount, reachStatus, rowOf, shadow, summaryOf } from './support/fixture.ts';

/** The focused control inside the element, described by its label. */
function focused(element: ResumableUploadElement): string | undefined {
  const active = shadow(element).activeElement as HTMLElement | null;
  return (active?.getAttribute('aria-label') ?? active?.textContent?.trim())?.replace(/[\u2068\u2069]/g, '');
}

beforeEach(() => clearStoredUploads());

describe('<resumable-upload> focus', () => {
  it('does not pull focus back once it left the element: the upload finishing under a Pause clicked away from stays put', async () => {
    // Each answer held long enough that the upload is still on when its Pause is focused, however busy the machine.
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 300, times: 100 }])));
    const [item] = element.addFiles([patternFile(4 * QUANTUM, 'away.bin')]);
    (await rowOf(element, item!)).querySelector<HTMLElement>('[data-action=pause]')!.focus();
    expect(focused(element)).toBe('Pause away.bin');
    // Focus leaves for the page's body, as after a click on plain text (focusout, no related target).
    // Playwright cannot click into the test frame in Firefox ("Element is not visible"), so the focus is let go here.
    shadow(element).querySelector<HTMLElement>('[data-action=pause]')!.blur();
    expect(document.activeElement).toBe(document.body);
    const scrolled = window.scrollY;
    await reachStatus(element, item!, 'done');
    await element.updateComplete;
    await element.updateComplete;
    expect(document.activeElement).toBe(document.body);
    expect(window.scrollY).toBe(scrolled);
  });

  it('after Choose again, focus goes to the new row but not to its Cancel', async () => {
    const url = endpoint();
    const file = patternFile(4 * QUANTUM, 'again.bin');
    const sessionUri = await interrupt(file, url);
    // The resumed session starts no new one, so the fault goes to it directly: its chunks are held
    // unanswered, and the upload is still on when the focus is checked, however busy the machine.
    await injectFaults(sessionUri, [{ kind: 'hold', match: 'chunk', times: 100 }]);
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) });
    const [row] = await rowsAfterConnect(element, 1);
    const input = shadow(element).querySelector<HTMLInputElement>('input[type=file]')!;
    input.addEventListener('click', (event) => event.preventDefault(), { once: true }); // no real dialog in a test
    const again = row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!;
    again.focus();
    await userEvent.keyboard('{Enter}');
    const data = new DataTransfer();
    data.items.add(file);
    input.files = data.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await rowsAfterConnect(element, 0);
    await element.updateComplete;
    expect(focused(element)).toBe('Pause again.bin');
  });

  it('keeps focus on Pause all as it becomes Resume all and back, says each once, and after Cancel all goes to the last row', async () => {
    const element = await mount({ multiple: true, concurrency: '3', 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 80, times: 1000 }])));
    const said: string[] = [];
    const region = shadow(element).querySelector('[role=status]')!;
    new MutationObserver(() => said.push(liveRegionText(element))).observe(region, { childList: true, subtree: true, characterData: true });
    // Large enough (60 chunks of 80 ms at least) that none can finish while the test acts on them.
    const [small, ...big] = element.addFiles([patternFile(10, 'small.bin'), ...['a', 'b', 'c'].map((name) => patternFile(60 * QUANTUM, `${name}.bin`))]);
    await reachStatus(element, small!, 'done');
    for (const item of big) await reachStatus(element, item, 'uploading');
    await summaryOf(element);
    const summaryButton = (part: string) => shadow(element).querySelector<HTMLButtonElement>(`[part~=${part}]`)!;

    summaryButton('pause-all-button').focus();
    await userEvent.keyboard('{Enter}');
    for (const item of big) await reachStatus(element, item, 'paused');
    await announced(element, 'All uploads paused');
    expect(focused(element)).toBe('Resume all');

    await userEvent.keyboard('{Enter}');
    await announced(element, 'All uploads resumed');
    for (const item of big) await reachStatus(element, item, 'uploading');
    await element.updateComplete;
    expect(focused(element)).toBe('Pause all');

    // A row's own Pause and Resume are said too, the focus staying on the button.
    const row = shadow(element).querySelector<HTMLElement>(`li[data-item="${big[0]!.id}"]`)!;
    row.querySelector<HTMLButtonElement>('[data-action=pause]')!.focus();
    await userEvent.keyboard('{Enter}');
    await reachStatus(element, big[0]!, 'paused');
    // Said first; what else happened meanwhile may follow in the same message.
    await announced(element, /^a\.bin paused\b/);
    expect(focused(element)).toBe('Resume a.bin');

    summaryButton('cancel-all-button').focus();
    await userEvent.keyboard('{Enter}');
    await announced(element, 'All uploads cancelled');
    await element.updateComplete;
    // The summary went (no file left to act on): the last row's button, next to where it was, not Choose files far up the page.
    expect(focused(element)).toBe('Remove c.bin from the list');
    // Each action said once; no file said one by one after it.
    expect(said.filter((text) => /^All uploads/.test(text))).toEqual(['All uploads paused', 'All uploads resumed', 'All uploads cancelled']);
    expect(said.join(' ')).not.toMatch(/[bc]\.bin (paused|resumed|cancelled)/);
  });

  it('offers a way past the rows of a long list to the summary, seen when focused', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    element.addFiles(Array.from({ length: 30 }, (_, i) => patternFile(10, `many-${i}.bin`)));
    await summaryOf(element);
    shadow(element).querySelector<HTMLElement>('.choose')!.focus();
    await userEvent.keyboard('{Tab}');
    expect(focused(element)).toBe('Skip to all uploads');
    expect(shadow(element).activeElement!.getBoundingClientRect().width).toBeGreaterThan(20);
    await userEvent.keyboard('{Enter}');
    expect(focused(element)).toBe('Cancel all');
  });

  it('scrolls a row the sticky summary covers into full view when it takes the focus', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    element.addFiles(Array.from({ length: 12 }, (_, i) => patternFile(10, `tall-${i}.bin`)));
    const summary = await summaryOf(element);
    const rows = [...shadow(element).querySelectorAll<HTMLLIElement>('[part~=list] > li')];
    // The first row the summary, stuck to the bottom of the screen, covers at least in part.
    const covered = rows.findIndex((row) => row.getBoundingClientRect().bottom > summary.getBoundingClientRect().top);
    expect(covered).toBeGreaterThan(0);
    expect(rows[covered]!.getBoundingClientRect().top).toBeLessThan(innerHeight);
    rows[covered - 1]!.querySelector<HTMLElement>('[data-action=cancel]')!.focus();
    await userEvent.tab();
    expect(focused(element)).toBe(`Start tall-${covered}.bin`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(rows[covered]!.getBoundingClientRect().bottom).toBeLessThanOrEqual(summary.getBoundingClientRect().top + 1);
    expect(rows[covered]!.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  });
});

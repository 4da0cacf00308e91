import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { clearStoredUploads } from '../../../src/storage/stored-uploads.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { mount, reachStatus, shadow } from './support/fixture.ts';

/** The focused control inside the element, described by its label. */
function focused(element: ResumableUploadElement): string | undefined {
  const active = shadow(element).activeElement as HTMLElement | null;
  return (active?.getAttribute('aria-label') ?? active?.textContent?.trim())?.replace(/[\u2068\u2069]/g, '');
}

beforeEach(() => clearStoredUploads());

describe('<resumable-upload> focus', () => {
  it('does not pull focus back once it left the element: the upload finishing under a Pause clicked away from stays put', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 40, times: 100 }])));
    const [item] = element.addFiles([patternFile(4 * QUANTUM, 'away.bin')]);
    await element.updateComplete;
    shadow(element).querySelector<HTMLElement>('[data-action=pause]')!.focus();
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
    await interrupt(file, url);
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 40, times: 100 }])));
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
});

import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { faultHeaders } from '../support/server.ts';
import { mount, nextEvent, reachStatus, shadow } from './support/fixture.ts';

/** The focused control inside the element, described by its label. */
function focused(element: ResumableUploadElement): string | undefined {
  const active = shadow(element).activeElement as HTMLElement | null;
  return (active?.getAttribute('aria-label') ?? active?.textContent?.trim())?.replace(/[\u2068\u2069]/g, '');
}

const slowChunks = faultHeaders([{ kind: 'delay', ms: 40, times: 1000 }]);

describe('<resumable-upload> keyboard', () => {
  it('reaches every control with Tab, shows the focus, and keeps it through pause, resume, cancel and remove', async () => {
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.prepend(before);
    try {
      const element = await mount({ multiple: true, 'chunk-size': String(QUANTUM) }, (el) => (el.headers = slowChunks));
      const [first, second] = element.addFiles([patternFile(40 * QUANTUM, 'first.bin'), patternFile(10, 'second.bin')]);
      await element.updateComplete;
      before.focus();

      await userEvent.tab();
      expect(focused(element)).toBe('Choose files'); // its focus ring: keyboard.focus-visible.test.ts

      await userEvent.tab();
      expect(focused(element)).toBe('Pause first.bin');
      await userEvent.keyboard('{Enter}');
      await reachStatus(element, first!, 'paused');
      expect(focused(element)).toBe('Resume first.bin');

      await userEvent.keyboard(' ');
      await reachStatus(element, first!, 'uploading');
      expect(focused(element)).toBe('Pause first.bin');

      await userEvent.tab();
      expect(focused(element)).toBe('Cancel first.bin');
      await userEvent.keyboard('{Enter}');
      await reachStatus(element, first!, 'cancelled');
      expect(focused(element)).toBe('Remove first.bin from the list');

      await reachStatus(element, second!, 'done');
      await userEvent.keyboard('{Enter}');
      await element.updateComplete;
      expect(element.items).toEqual([second]);
      // The row went: focus moves to the row now in its place, not back to the top of the page.
      expect(focused(element)).toBe('Remove second.bin from the list');

      await userEvent.keyboard('{Enter}');
      await element.updateComplete;
      expect(element.items).toEqual([]);
      expect(focused(element)).toBe('Choose files');
    } finally {
      before.remove();
    }
  });

  it('moves the focus from Pause (or Cancel) to the row, not to Remove, when the upload finishes under it: a late Enter removes nothing', async () => {
    for (const action of ['pause', 'cancel']) {
      // Listed before it starts, so the row (whose code loads with the first file) is there first;
      // Start's button is the one Pause takes over. 24 slowed chunks (about a second) leave the
      // update that draws Pause far ahead of the upload's end.
      const element = await mount({ 'chunk-size': String(QUANTUM), auto: 'false' }, (el) => (el.headers = slowChunks));
      const file = patternFile(24 * QUANTUM, `${action}.bin`);
      const success = nextEvent(element, 'upload-success');
      const [item] = element.addFiles([file]);
      await element.updateComplete;
      const button = shadow(element).querySelector<HTMLElement>(`[data-action=${action === 'pause' ? 'start' : action}]`)!;
      button.focus();
      item!.start();
      await element.updateComplete;
      expect(focused(element)).toBe(`${action[0]!.toUpperCase()}${action.slice(1)} ${action}.bin`);
      await expectStored((await success).detail.result, file);
      await element.updateComplete;
      const active = shadow(element).activeElement as HTMLElement;
      expect(active.tagName).toBe('LI');
      expect(active.dataset.item).toBe(item!.id);
      expect(button.isConnected).toBe(false);
      // The Enter meant for the button that went lands on the row: the finished file stays listed.
      await userEvent.keyboard('{Enter}');
      await element.updateComplete;
      expect(element.items).toEqual([item]);
      await userEvent.tab();
      expect(focused(element)).toBe(`Remove ${action}.bin from the list`);
      element.remove();
    }
  });

  it('moves the focus to the row, not to Remove, when an upload paused and resumed from the keyboard finishes on its own', async () => {
    // The first chunk is held unanswered, so the upload cannot end before Pause; after Resume, 23
    // slowed chunks are left for the presses and their updates.
    const heldThenSlow = faultHeaders([{ kind: 'hold', match: 'chunk' }, { kind: 'delay', ms: 40, times: 1000 }]);
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => (el.headers = heldThenSlow));
    const file = patternFile(24 * QUANTUM, 'later.bin');
    const success = nextEvent(element, 'upload-success');
    const [item] = element.addFiles([file]);
    await element.updateComplete;
    const button = shadow(element).querySelector<HTMLElement>('[data-action=pause]')!;
    button.focus();
    await userEvent.keyboard('{Enter}');
    await reachStatus(element, item!, 'paused');
    expect(focused(element)).toBe('Resume later.bin');
    await userEvent.keyboard('{Enter}'); // the same <button>, now Resume: it becomes Pause again
    await element.updateComplete;
    expect(item!.status).not.toBe('paused');
    expect(shadow(element).activeElement).toBe(button);
    expect(focused(element)).toBe('Pause later.bin');
    // Nobody pressed the button that goes now: the presses before it were answered by their own updates.
    await expectStored((await success).detail.result, file);
    await element.updateComplete;
    expect(button.isConnected).toBe(false);
    const active = shadow(element).activeElement as HTMLElement;
    expect(active.tagName).toBe('LI');
    expect(active.dataset.item).toBe(item!.id);
    await userEvent.keyboard('{Enter}');
    await element.updateComplete;
    expect(element.items).toEqual([item]);
    element.remove();
  });

  it('retries a failed upload from the keyboard', async () => {
    const element = await mount({}, (el) => {
      el.prepare = () => ({ retry: { retries: 0 }, headers: faultHeaders([{ kind: 'status', status: 503 }]) });
    });
    const file = patternFile(QUANTUM + 1, 'again.bin');
    const [item] = element.addFiles([file]);
    await reachStatus(element, item!, 'failed');
    shadow(element).querySelector<HTMLElement>('[data-action=retry]')!.focus();
    expect(focused(element)).toBe('Retry again.bin');
    const success = nextEvent(element, 'upload-success');
    await userEvent.keyboard('{Enter}');
    await expectStored((await success).detail.result, file);
  });
});

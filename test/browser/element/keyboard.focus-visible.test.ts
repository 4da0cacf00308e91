// The focus ring of a control reached with Tab. Not in WebKit: WebKitWebDriver's Tab moves the focus
// without matching :focus-visible, on a plain button of the page as well (vite.config.ts lists it).
import { expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, shadow } from './support/fixture.ts';

it('shows a focus ring on the control reached with Tab', async () => {
  const before = document.createElement('button');
  before.textContent = 'before';
  document.body.prepend(before);
  try {
    const element = await mount({ multiple: true });
    before.focus();
    await userEvent.tab();
    const choose = shadow(element).activeElement!;
    expect(choose.textContent!.trim()).toBe('Choose files');
    expect(choose.matches(':focus-visible')).toBe(true);
    expect(getComputedStyle(choose).outlineStyle).toBe('solid');
    expect(getComputedStyle(choose).outlineWidth).toBe('3px');
  } finally {
    before.remove();
  }
});

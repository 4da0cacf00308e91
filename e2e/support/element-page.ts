import { expect, type Locator, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One `<resumable-upload>` of the demo page, by id: its button and its rows (Playwright pierces shadow roots). */
export function uploader(page: Page, id: 'default' | 'themed' | 'rtl' | 'form-uploader') {
  const host = page.locator(`#${id}`);
  return {
    host,
    button: host.locator('[part=button]'),
    row: (name: string): Locator => host.locator('li', { has: page.locator('[part=name]', { hasText: name }) }),
    async choose(files: string[]) {
      const chooser = page.waitForEvent('filechooser');
      await host.locator('[part=button]').click();
      await (await chooser).setFiles(files);
    },
  };
}

/** Starts recording every `aria-valuenow` each progress bar of the element takes, by file name. */
export async function recordProgress(page: Page, id: string): Promise<void> {
  await page.evaluate((id) => {
    const root = document.getElementById(id)!.shadowRoot!;
    const seen: Record<string, number[]> = {};
    (window as unknown as { progress: Record<string, number[]> }).progress = seen;
    const record = (bar: Element) => {
      const name = bar.closest('li')!.querySelector('[part=name]')!.textContent!;
      (seen[name] ??= []).push(Number(bar.getAttribute('aria-valuenow')));
    };
    new MutationObserver((records) => {
      for (const { target, type, addedNodes } of records) {
        if (type === 'attributes') record(target as Element);
        for (const node of addedNodes) if (node instanceof Element) node.querySelectorAll('[role=progressbar]').forEach(record);
      }
    }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  }, id);
}

export async function recordedProgress(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => (window as unknown as { progress: Record<string, number[]> }).progress);
}

/** The stored object's id, from the demo's event log. */
export async function storedId(page: Page, element: string, file: string): Promise<string> {
  const entry = page.locator(`#log li[data-event=upload-success][data-element=${element}][data-file="${file}"]`);
  await expect(entry).toHaveCount(1, { timeout: 150_000 });
  return (await entry.getAttribute('data-file-id'))!;
}

/**
 * Runs axe-core on the whole page, shadow roots included, and returns the violations.
 *
 * In Firefox ESR 153 one axe check crashes the page's content process (SIGSEGV): the name of a row's
 * progress bar, computed through its aria-labelledby, on this page once a row is done (the element
 * tests run that rule in Firefox without a crash). There, that rule alone is left out, and every
 * progress bar is checked for its accessible name by Playwright's own name computation instead.
 */
export async function axeViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  const firefox = page.context().browser()?.browserType().name() === 'firefox';
  const crashing = firefox ? ['aria-progressbar-name'] : [];
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async (crashing) => {
    const rules = Object.fromEntries(crashing.map((rule) => [rule, { enabled: false }]));
    const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'], rules });
    return violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  }, crashing);
  if (firefox) {
    const bars = page.getByRole('progressbar');
    expect(await bars.count()).toBeGreaterThan(0);
    for (const bar of await bars.all()) await expect(bar).toHaveAccessibleName(/\S/);
  }
  return violations;
}

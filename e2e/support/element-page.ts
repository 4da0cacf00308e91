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
 * In Firefox ESR, reading an element's ARIA element references (`ariaLabelledByElements` and the
 * like) from two realms, the page's and a WebDriver BiDi sandbox, crashes the page's content process
 * (SIGSEGV; scripts/firefox-aria-crash.mjs shows it without Playwright). Playwright reads them in its
 * utility sandbox (its accessible names: `getByRole` with a name), axe in the page (to resolve
 * `aria-labelledby` and the other id references). So in Firefox those properties are hidden from the
 * page while axe runs: axe then resolves the references from the attributes, where all of ours are.
 */
export async function axeViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  const firefox = page.context().browser()?.browserType().name() === 'firefox';
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async (firefox) => {
    const hidden = firefox ? Object.entries(Object.getOwnPropertyDescriptors(Element.prototype)).filter(([name]) => /^aria\w+Elements?$/.test(name)) : [];
    for (const [name] of hidden) Object.defineProperty(Element.prototype, name, { configurable: true, get: () => null });
    try {
      const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] });
      return violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
    } finally {
      for (const [name, descriptor] of hidden) Object.defineProperty(Element.prototype, name, descriptor);
    }
  }, firefox);
}

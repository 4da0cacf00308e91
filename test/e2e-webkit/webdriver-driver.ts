// The flows' Driver over classic WebDriver (WebKitWebDriver and MiniBrowser), with webdriverio.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Driver, Expect, Target } from '../../e2e/support/driver.ts';

/** WebDriver's key for an element reference in a script's result. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const keys = { Tab: '\uE004', Enter: '\uE007', Space: '\uE00D', ArrowDown: '\uE015' } as const;

const steps = (target: Target) => (typeof target === 'string' ? [target] : [...target]);

/** Finds the element of a target, piercing a shadow root at each step (sent as text, run in the page). */
function find(steps: string[]): Element {
  let scope: Document | ShadowRoot = document;
  let found: Element | null = null;
  for (const [index, step] of steps.entries()) {
    found = scope.querySelector(step);
    if (!found) throw new Error(`No element for ${steps.slice(0, index + 1).join(' » ')}`);
    if (found.shadowRoot) scope = found.shadowRoot;
  }
  return found!;
}

/**
 * What the page's scripts report, kept from the moment this runs (the browser's own messages do not
 * reach a page script, and classic WebDriver has no console).
 */
function listen(): void {
  const seen: string[] = ((window as unknown as { reported?: string[] }).reported ??= []);
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      seen.push(`${level === 'warn' ? 'warning' : 'error'}: ${args.map(String).join(' ')}`);
      original(...args);
    };
  }
  addEventListener('error', (event) => seen.push(`pageerror: ${event.message}`));
  addEventListener('unhandledrejection', (event) => seen.push(`pageerror: ${String(event.reason)}`));
}

export function webDriverDriver(browser: WebdriverIO.Browser, baseURL: string, results: string): Driver {
  const run = <R>(script: string | ((...args: never[]) => unknown), ...args: unknown[]): Promise<R> =>
    browser.executeScript(typeof script === 'string' ? script : `return (${script}).apply(null, arguments)`, args as object[]) as Promise<R>;
  const elementId = async (target: Target): Promise<string> => {
    const reference = await run<Record<string, string>>(find, steps(target));
    return reference[ELEMENT]!;
  };
  const opened = () => run(listen);
  return {
    engine: 'webkit',
    baseURL,
    expect: expect as unknown as Expect,
    async goto(where) {
      await browser.url(new URL(where, baseURL).href);
      await opened();
    },
    async reload() {
      await browser.refresh();
      await opened();
    },
    evaluate: (script, arg) => run(script, arg),
    click: async (target) => browser.elementClick(await elementId(target)),
    // A script's choice, as the page sees a person's: the option (by value or label, as Playwright's), then input and change.
    select: (target, value) =>
      run(
        `const select = (${find})(arguments[0]);
        const option = [...select.options].find((option) => option.value === arguments[1] || option.label === arguments[1]);
        if (!option) throw new Error('No option ' + arguments[1]);
        select.value = option.value;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));`,
        steps(target),
        value,
      ),
    // No dialog opens over classic WebDriver: its keys to a file input are the paths of the files chosen.
    chooseFiles: async (files, input) => browser.elementSendKeys(await elementId(input), files.join('\n')),
    press: (key) => browser.keys(keys[key]),
    async setViewport(width, height) {
      // The window: MiniBrowser's toolbar takes some of its height, none of its width.
      await browser.setWindowSize(width, height);
    },
    async screenshot(name, target) {
      await mkdir(results, { recursive: true });
      const file = path.join(results, `${name}.png`);
      const png = target ? await browser.takeElementScreenshot(await elementId(target)) : await browser.takeScreenshot();
      await writeFile(file, Buffer.from(png, 'base64'));
    },
    reported: () => run<string[]>(() => (window as unknown as { reported?: string[] }).reported ?? []),
  };
}

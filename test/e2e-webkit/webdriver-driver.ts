// The flows' Driver over classic WebDriver (WebKitWebDriver and MiniBrowser), with webdriverio.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { until, type Driver, type Expect, type Key, type Target } from '../../e2e/support/driver.ts';
import { assertDrawn } from '../../e2e/support/undrawn.ts';
import { wholeScreenshot } from './whole-screenshot.ts';

/** WebDriver's key for an element reference in a script's result. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
// WebDriver's key codes; Shift in a sequence is held until its end.
const keys: Record<Key, string | string[]> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Space: '\uE00D',
  Escape: '\uE00C',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  'Shift+ArrowLeft': ['\uE008', '\uE012'],
  'Shift+ArrowUp': ['\uE008', '\uE013'],
};

const steps = (target: Target) => (typeof target === 'string' ? [target] : [...target]);

/** Finds the element of a target, piercing a shadow root at each step, or null (sent as text, run in the page). */
function find(steps: string[]): Element | null {
  let scope: Document | ShadowRoot = document;
  let found: Element | null = null;
  for (const step of steps) {
    found = scope.querySelector(step);
    if (!found) return null;
    if (found.shadowRoot) scope = found.shadowRoot;
  }
  return found;
}

/**
 * The centre of `element` in the viewport, scrolled into view, when its box held still over a frame
 * and a click there reaches it (through shadow roots); null otherwise. Runs in the page.
 */
async function aim(element: Element): Promise<{ x: number; y: number } | null> {
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  const before = JSON.stringify(element.getBoundingClientRect());
  await frame();
  const box = element.getBoundingClientRect();
  if (JSON.stringify(box) !== before || box.width === 0) return null;
  const [x, y] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit && (hit === element || element.contains(hit)) ? { x, y } : null;
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
  /** The element of a target, once the page has it (as Playwright's locators wait for theirs). */
  const elementId = async (target: Target): Promise<string> => {
    const reference = await until(() => run<Record<string, string> | null>(find, steps(target)), Boolean, `an element for ${steps(target).join(' » ')}`);
    return reference![ELEMENT]!;
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
    // A pointer's click at the element's centre, once it is steady and the one hit there (as Playwright
    // clicks). WebKitWebDriver's Element Click refuses an element in a shadow root as "intercepted": its
    // hit test finds the host (the retargeted node), not the element.
    async click(target) {
      const id = await elementId(target);
      const point = await until(() => run<{ x: number; y: number } | null>(aim, { [ELEMENT]: id }), Boolean, `${steps(target).join(' » ')} steady and hit at its centre`);
      await browser.performActions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', origin: 'viewport', x: point!.x, y: point!.y },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ]);
      await browser.releaseActions();
    },
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
    // No dialog opens over classic WebDriver: its keys to a file input are the paths of the files chosen
    // (the focus stays where it was, as a dialog gives it back to what opened it).
    chooseFiles: async (files, input) => browser.elementSendKeys(await elementId(input), files.join('\n')),
    press: (key) => browser.keys(keys[key]),
    // A key at a time: `keys` presses every key down before it lets any up, so a key pressed twice
    // (the second space of a sentence) was typed once.
    async type(text) {
      for (const char of text) await browser.keys(char);
    },
    // The window, grown by what MiniBrowser's toolbar and frame take. Its toolbar keeps it from getting
    // narrower than about 450 px: a narrower viewport is refused rather than faked.
    async setViewport(width, height) {
      const viewport = () => run<[number, number]>(() => [innerWidth, innerHeight]);
      await browser.setWindowSize(width, height);
      const [innerWidth, innerHeight] = await viewport();
      await browser.setWindowSize(2 * width - innerWidth, 2 * height - innerHeight);
      const [now] = await viewport();
      if (now !== width) throw new Error(`MiniBrowser's viewport is ${now} px wide, not the ${width} px asked for`);
    },
    emulateMedia: () => Promise.reject(new Error('Classic WebDriver emulates no media features')),
    // WebDriver's own screenshots here show the viewport alone, an element's black below a point:
    // whole-screenshot.ts cuts it out of a viewport screenshot, in a window grown to hold it all.
    async screenshot(name, target) {
      await mkdir(results, { recursive: true });
      const png = await wholeScreenshot(browser, target ? { [ELEMENT]: await elementId(target) } : null);
      await writeFile(path.join(results, `${name}.png`), png);
      assertDrawn(png, name);
    },
    reported: () => run<string[]>(() => (window as unknown as { reported?: string[] }).reported ?? []),
  };
}

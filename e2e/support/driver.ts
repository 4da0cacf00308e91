// What an end-to-end flow asks of a browser, so each flow is written once and run by Playwright
// (Chromium, Firefox: playwright-driver.ts) and over classic WebDriver (WebKitGTK, which Playwright
// cannot drive: test/e2e-webkit/webdriver-driver.ts). Flows read state with page scripts and wait
// for it with `until`: what they assert is what happened, never how long it took.

import type { EmulatedMedia } from '../../test/support/emulated-media.ts';
import { until as waitFor } from '../../test/support/until.ts';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** An element: CSS selectors, each looked up inside the shadow root of what the one before found. */
export type Target = string | readonly string[];

/** The matchers flows use, which Playwright's `expect` and Vitest's both have. */
interface Matchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toContain(expected: unknown): void;
  toMatch(expected: string | RegExp): void;
  toMatchObject(expected: object): void;
  toHaveLength(expected: number): void;
  toBeGreaterThan(expected: number): void;
  toBeGreaterThanOrEqual(expected: number): void;
  toBeLessThanOrEqual(expected: number): void;
  toBeTruthy(): void;
  toBeUndefined(): void;
}

export interface Expect {
  (actual: unknown, message?: string): Matchers & { not: Matchers };
  objectContaining(expected: object): unknown;
  arrayContaining(expected: readonly unknown[]): unknown;
}

export type Key = 'Tab' | 'Enter' | 'Space' | 'Escape' | 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight' | 'Shift+ArrowLeft' | 'Shift+ArrowUp';

export interface Driver {
  readonly engine: Engine;
  /** The demo's origin: the page's and the reference server's. */
  readonly baseURL: string;
  readonly expect: Expect;
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `script` in the page (a self-contained function: it is sent as text) and returns its result, awaited. */
  evaluate<R, A = undefined>(script: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  click(target: Target): Promise<void>;
  /** Picks the option of a `<select>` with this value or label. */
  select(target: Target, value: string): Promise<void>;
  /**
   * Chooses files from disk as a person does in the dialog that `opener` (a click on a target, or a
   * key on the focused element) opens for the file input `input`. Playwright answers that dialog;
   * classic WebDriver opens none and gives the files to the input, as its spec says.
   */
  chooseFiles(files: readonly string[], input: Target, opener?: Target | { key: 'Enter' }): Promise<void>;
  /** Presses a key (with Shift held, for `Shift+…`) on the focused element. */
  press(key: Key): Promise<void>;
  /** Types text, key by key, into the focused element. */
  type(text: string): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  /** Emulates media features (dark, forced colours); classic WebDriver has no way to, and throws. */
  emulateMedia(media: EmulatedMedia): Promise<void>;
  /** Saves a screenshot of the whole page (or of the whole of `target`) among the test's results; one that shows nothing (all one colour, or black rows) fails. */
  screenshot(name: string, target?: Target): Promise<void>;
  /**
   * The errors and warnings reported since the page was opened. Playwright hears the browser's own
   * (a media error, a fetch of a revoked URL); classic WebDriver has no console, so there only the
   * page's own (console.error/warn, uncaught errors and rejections) from `goto` on.
   */
  reported(): Promise<string[]>;
}

/**
 * Polls `read` until `check` accepts its value, and returns it. No bound of its own, in time or in
 * tries (test/support/until.ts): the test's timeout is the guard, and the wait still pending then is
 * named in its report, with the last value seen.
 */
export async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  let last: { value: T } | undefined;
  await waitFor(
    async () => {
      const value = await read();
      last = { value };
      return check(value);
    },
    () => `${what} (last seen ${last ? JSON.stringify(last.value) : 'nothing yet'})`,
    100,
  );
  return last!.value;
}

/** The reference server's control and file views, from the test's side. */
export async function serverJson<T = any>(driver: Driver, path: string): Promise<T> {
  const answer = await fetch(`${driver.baseURL}${path}`);
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return answer.json() as Promise<T>;
}

export async function serverPost(driver: Driver, path: string, body: unknown): Promise<void> {
  const answer = await fetch(`${driver.baseURL}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (!answer.ok) throw new Error(`POST ${path}: ${answer.status}`);
}

/** A flow, run by each rig in its engines. */
export interface Flow {
  name: string;
  run(driver: Driver): Promise<void>;
}

export const flow = (name: string, run: Flow['run']): Flow => ({ name, run });

// The flows' Driver over a Playwright page (Chromium, Firefox).
import { expect, test, type Page } from '@playwright/test';
import { emulateMedia } from './emulate-media.ts';
import { assertDrawn } from './undrawn.ts';
import type { Driver, Engine, Expect, Target } from './driver.ts';

/** Playwright's CSS pierces open shadow roots: the steps of a target are one descendant selector. */
const locate = (page: Page, target: Target) => page.locator(typeof target === 'string' ? target : target.join(' '));

/**
 * A listener turns Playwright's file-chooser interception on, which it does without waiting for the
 * browser: one set as the page opens, long before any click, means a chooser opened by a click or a key
 * is always caught (one turned on just before the click can lose that race, and the chooser goes unseen).
 */
export function catchFileChoosers(page: Page): Page {
  page.on('filechooser', () => {});
  return page;
}

export function playwrightDriver(page: Page, baseURL: string): Driver {
  const reported: string[] = [];
  page.on('console', (message) => {
    // The demo has no favicon, which Chromium asks for (and logs a 404 for) on its own.
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'error' || message.type() === 'warning') reported.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => reported.push(`pageerror: ${error.message}`));
  catchFileChoosers(page);
  return {
    engine: page.context().browser()!.browserType().name() as Engine,
    baseURL,
    expect: expect as unknown as Expect,
    goto: async (path) => void (await page.goto(path)),
    reload: async () => void (await page.reload()),
    evaluate: (script, arg) => page.evaluate(script as (arg: unknown) => never, arg),
    click: (target) => locate(page, target).click(),
    select: async (target, value) => void (await locate(page, target).selectOption(value)),
    async chooseFiles(files, input, opener) {
      if (!opener) return locate(page, input).setInputFiles([...files]);
      const chooser = page.waitForEvent('filechooser');
      await (typeof opener === 'object' && 'key' in opener ? page.keyboard.press(opener.key) : locate(page, opener).click());
      await (await chooser).setFiles([...files]);
    },
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    emulateMedia: (media) => emulateMedia(page, media),
    async screenshot(name, target) {
      const path = test.info().outputPath(`${name}.png`);
      const png = target ? await locate(page, target).screenshot({ path, animations: 'disabled' }) : await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      await test.info().attach(name, { path, contentType: 'image/png' });
      assertDrawn(png, name);
    },
    reported: async () => [...reported],
  };
}

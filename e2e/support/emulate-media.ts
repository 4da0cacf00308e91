import { test, type Page } from '@playwright/test';
import type { EmulatedMedia } from '../../test/support/emulated-media.ts';
import { emulateFirefoxMedia } from '../../test/support/firefox-media.ts';

/** `page.emulateMedia` in both engines: in Firefox, Playwright's BiDi pages emulate prefers-color-scheme alone. */
export async function emulateMedia(page: Page, media: EmulatedMedia): Promise<void> {
  if (page.context().browser()?.browserType().name() !== 'firefox') return page.emulateMedia(media);
  await emulateFirefoxMedia(test.info().project.use.launchOptions, page.url(), media);
}

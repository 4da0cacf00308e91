// Commands the browser tests call through `commands` from 'vitest/browser', run here in Node with
// the page's Playwright handle: the same call in both engines, done each engine's way.
import type { BrowserCommand } from 'vitest/node';
import type {} from '@vitest/browser-playwright';
import type { LaunchOptions } from 'playwright';
import type { EmulatedMedia } from './emulated-media.ts';
import { emulateFirefoxMedia } from './firefox-media.ts';

const emulateMedia: BrowserCommand<[EmulatedMedia]> = async (context, media) => {
  if (context.provider.name !== 'playwright') throw new Error('emulateMedia needs the playwright provider');
  const { browserName, options } = context.provider as unknown as { browserName: string; options: { launchOptions?: LaunchOptions } };
  if (browserName === 'firefox') return emulateFirefoxMedia(options.launchOptions, context.page.url(), media);
  await context.page.emulateMedia(media);
};

export const browserCommands = { emulateMedia };

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Emulates `prefers-color-scheme`, `prefers-reduced-motion` and `forced-colors` for the test page, in Chromium and Firefox. */
    emulateMedia(media: EmulatedMedia): Promise<void>;
  }
}

// Commands the browser tests call through `commands` from 'vitest/browser', run here in Node with
// the page's Playwright handle: the same call in both engines, done each engine's way.
import { request } from 'node:http';
import type { BrowserCommand } from 'vitest/node';
import type {} from '@vitest/browser-playwright';
import { firefoxControlSocket } from './browsers.ts';
import type { EmulatedMedia } from './emulated-media.ts';

function postToFirefoxLauncher(socketPath: string, body: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, method: 'POST', path: '/media' }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`Firefox media override failed: ${text}`))));
    });
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });
}

const emulateMedia: BrowserCommand<[EmulatedMedia]> = async (context, media) => {
  if (context.provider.name !== 'playwright') throw new Error('emulateMedia needs the playwright provider');
  const { browserName, options } = context.provider as unknown as { browserName: string; options: { launchOptions: Parameters<typeof firefoxControlSocket>[0] } };
  if (browserName !== 'firefox') return context.page.emulateMedia(media);
  // Playwright's BiDi pages send prefers-color-scheme alone, and ESR lacks even that command: the launcher sets them all.
  const socket = firefoxControlSocket(options.launchOptions);
  if (!socket) throw new Error('This Firefox was not started through test/support/firefox-bidi.mjs');
  const features: Record<string, string | null> = {};
  if (media.colorScheme !== undefined) features['prefers-color-scheme'] = media.colorScheme;
  if (media.reducedMotion !== undefined) features['prefers-reduced-motion'] = media.reducedMotion;
  if (media.forcedColors !== undefined) features['forced-colors'] = media.forcedColors;
  await postToFirefoxLauncher(socket, { url: context.page.url(), features });
};

export const browserCommands = { emulateMedia };

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Emulates `prefers-color-scheme`, `prefers-reduced-motion` and `forced-colors` for the test page, in Chromium and Firefox. */
    emulateMedia(media: EmulatedMedia): Promise<void>;
  }
}

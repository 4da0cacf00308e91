// Media emulation in Firefox, through the control socket of firefox-bidi.mjs: Playwright's BiDi pages
// send prefers-color-scheme alone, and Firefox ESR lacks even that command.
import { request } from 'node:http';
import type { LaunchOptions } from 'playwright';
import { firefoxControlSocket } from './browsers.ts';
import type { EmulatedMedia } from './emulated-media.ts';

/** Emulates these media features in the Firefox tabs showing `url`, launched with these options. */
export function emulateFirefoxMedia(options: LaunchOptions | undefined, url: string, media: EmulatedMedia): Promise<void> {
  const socketPath = options && firefoxControlSocket(options);
  if (!socketPath) throw new Error('This Firefox was not started through test/support/firefox-bidi.mjs');
  const features: Record<string, string | null> = {};
  if (media.colorScheme !== undefined) features['prefers-color-scheme'] = media.colorScheme;
  if (media.reducedMotion !== undefined) features['prefers-reduced-motion'] = media.reducedMotion;
  if (media.forcedColors !== undefined) features['forced-colors'] = media.forcedColors;
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, method: 'POST', path: '/media' }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`Firefox media override failed: ${text}`))));
    });
    call.on('error', reject);
    call.end(JSON.stringify({ url, features }));
  });
}

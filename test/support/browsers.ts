// Which browsers the test rigs launch, found on this machine, and how they are launched.
// Playwright cannot download its own browsers here: the rigs drive Debian's Chromium over CDP and
// Debian's Firefox ESR over WebDriver BiDi (Playwright's `moz-firefox` channel, through firefox-bidi.mjs).
// WebKit is Debian's WebKitGTK, which Playwright cannot drive: the browser tests reach its MiniBrowser
// through WebKitWebDriver over classic WebDriver (webkit-driver.ts), and so do the end-to-end flows (test/e2e-webkit/).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from 'playwright';

/** The engines Playwright drives: the end-to-end flows and the Chromium/Firefox browser tests. */
export type PlaywrightEngine = 'chromium' | 'firefox';
export type Engine = PlaywrightEngine | 'webkit';
export const engines: readonly PlaywrightEngine[] = ['chromium', 'firefox'];
/** The engines of the vitest browser tests. */
export const browserTestEngines: readonly Engine[] = [...engines, 'webkit'];

interface EngineSource {
  /** The environment variable that names the executable, before any search. */
  variable: string;
  debianPaths: string[];
  debianPackage: string;
  /** Where a browser Playwright downloaded itself sits, under its cache folder. */
  playwrightPaths: (folder: string) => string[];
  /** How to install it elsewhere than on Debian. */
  elsewhere?: string;
}

/** What the rigs launch: each engine, and the X server WebKitGTK draws into when there is no display. */
export type Executable = Engine | 'xvfb';

const sources: Record<Executable, EngineSource> = {
  chromium: {
    variable: 'CHROMIUM_PATH',
    debianPaths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
    debianPackage: 'chromium',
    playwrightPaths: (folder) => [join(folder, 'chrome-linux64', 'chrome'), join(folder, 'chrome-linux', 'chrome')],
  },
  firefox: {
    variable: 'FIREFOX_PATH',
    debianPaths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    debianPackage: 'firefox-esr',
    playwrightPaths: (folder) => [join(folder, 'firefox', 'firefox')],
  },
  webkit: {
    variable: 'WEBKIT_DRIVER_PATH',
    debianPaths: ['/usr/bin/WebKitWebDriver'],
    debianPackage: 'webkit2gtk-driver',
    playwrightPaths: () => [],
    elsewhere: "your distribution's WebKitGTK WebDriver package (WebKitWebDriver)",
  },
  xvfb: {
    variable: 'XVFB_PATH',
    debianPaths: ['/usr/bin/Xvfb'],
    debianPackage: 'xvfb',
    playwrightPaths: () => [],
    elsewhere: "your distribution's Xvfb package, or run the tests with a DISPLAY",
  },
};

function inPlaywrightCache(engine: Executable, source: EngineSource): string | undefined {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return undefined;
  const folders = readdirSync(cache).filter((name) => name.startsWith(`${engine}-`)).sort().reverse();
  return folders.flatMap((name) => source.playwrightPaths(join(cache, name))).find((path) => existsSync(path));
}

const isDebianRoot = () => existsSync('/etc/debian_version') && process.getuid?.() === 0;

const found = new Map<Executable, string>();

/**
 * The executable of an engine: its variable, else Debian's paths, else Playwright's cache. A missing
 * one is installed with apt when root on Debian; otherwise this throws with the command that installs it.
 */
export function browserExecutable(engine: Executable): string {
  const known = found.get(engine);
  if (known) return known;
  const source = sources[engine];
  const named = process.env[source.variable];
  if (named) {
    if (!existsSync(named)) throw new Error(`${source.variable}=${named}, but there is no such file. Point it at the ${engine} executable, or unset it.`);
    found.set(engine, named);
    return named;
  }
  let path = source.debianPaths.find((candidate) => existsSync(candidate)) ?? inPlaywrightCache(engine, source);
  if (!path && isDebianRoot()) {
    console.warn(`No ${engine} found: installing Debian's ${source.debianPackage}`);
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', source.debianPackage], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    path = source.debianPaths.find((candidate) => existsSync(candidate));
  }
  if (!path) {
    const install = existsSync('/etc/debian_version') ? `sudo apt-get install -y ${source.debianPackage}` : (source.elsewhere ?? `npx playwright install ${engine}`);
    throw new Error(`The tests need ${engine}, and none was found (${source.variable}, ${source.debianPaths.join(', ')}, Playwright's cache). Install it with: ${install}`);
  }
  found.set(engine, path);
  return path;
}

// The network is loopback only; without these flags Chromium keeps dialling Google's hosts.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Two fake cameras and a microphone, allowed without asking: only getUserMedia sees them (the camera's tests).
  '--use-fake-device-for-media-stream=device-count=2',
  '--use-fake-ui-for-media-stream',
];

const firefoxLauncher = fileURLToPath(new URL('./firefox-bidi.mjs', import.meta.url));
let controlSockets = 0;

/** The launcher's control socket for this set of launch options (see firefox-bidi.mjs). */
export function firefoxControlSocket(options: LaunchOptions): string | undefined {
  return options.env?.FIREFOX_CONTROL_SOCKET as string | undefined;
}

/**
 * Playwright launch options for an engine. The executable is looked up when the browser is
 * launched, not when a config is read, so a run of the node tests alone needs no browser.
 */
export function launchOptions(engine: PlaywrightEngine): LaunchOptions {
  if (engine === 'chromium') {
    return {
      args: chromiumArgs,
      get executablePath() {
        return browserExecutable('chromium');
      },
    };
  }
  const control = join(tmpdir(), `resumable-upload-firefox-${process.pid}-${controlSockets++}.sock`);
  return {
    channel: 'moz-firefox',
    executablePath: firefoxLauncher,
    get env() {
      return { ...process.env, FIREFOX_REAL_PATH: browserExecutable('firefox'), FIREFOX_CONTROL_SOCKET: control } as Record<string, string>;
    },
    firefoxUserPrefs: {
      // Loopback only: no update checks, telemetry or remote settings.
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      // Playwright sets the files of an intercepted file dialog itself; a dialog left open would make
      // Firefox ignore every later click on the same input, so the second choice of a test never came.
      'widget.disable_file_pickers': true,
      // A fake camera and microphone, allowed without asking: only getUserMedia sees them (the camera's tests).
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
    },
  };
}

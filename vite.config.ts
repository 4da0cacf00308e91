import { defineConfig } from 'vitest/config';
import { demoAtRoot } from './demo/demo-at-root.ts';
import { createTestingLayer } from './server/testing/index.ts';
import { referenceServer } from './server/vite-plugin.ts';
import { browserCommands } from './test/support/browser-commands.ts';
import { browserTestEngines, type Engine } from './test/support/browsers.ts';
import { vitestProvider } from './test/support/vitest-provider.ts';
import { storageEmulator } from './test/third-party/vite-plugin.ts';

// Every browser test runs in each engine, from one source: "browser (chromium)", "browser (firefox)",
// "browser (webkit)". `*.chromium.test.ts` holds what only Chromium's DevTools protocol can drive (a
// folder dropped as the operating system drops it): listed as Chromium's alone instead of skipped.
//
// Not in WebKit (Debian's WebKitGTK, driven over classic WebDriver): the files named after what it or
// its WebDriver lacks, each listed here with the reason; what WebKit does without it is tested in the
// files beside them, which run in every engine.
const notInWebKit: Record<string, string> = {
  // No FileSystemHandle and no origin-private file system (`navigator.storage` is undefined): no
  // handle can be made or kept. Without one the record is kept alone and the row asks for the file again.
  opfs: 'no file system handles',
  // No media emulation over classic WebDriver: prefers-color-scheme, forced-colors, prefers-reduced-motion.
  'emulated-media': 'no media emulation',
  // WebKitWebDriver's Tab moves the focus without :focus-visible, on a plain button of the page too.
  'focus-visible': 'no :focus-visible from WebDriver keys',
  // MiniBrowser finds no capture device ("no device was found amongst 0 devices": getUserMedia refuses
  // with OverconstrainedError) and its mock devices are a setting WebDriver cannot turn on. What WebKit
  // does without one, the fallback to the device's own camera, is tested in camera.test.ts.
  'fake-camera': 'no capture device, real or fake',
  // WebKitGTK's Blob streams are no byte streams (no BYOB reader): prefix checksums read a fresh ArrayBuffer a slice there.
  'blob-byte-stream': 'no BYOB reader on Blob streams',
};

const excluded = (engine: Engine) => [
  '**/node_modules/**',
  ...(engine === 'chromium' ? [] : ['**/*.chromium.test.ts']),
  ...(engine === 'webkit' ? Object.keys(notInWebKit).map((lacking) => `**/*.${lacking}.test.ts`) : []),
];

const instances = () =>
  browserTestEngines.map((engine) => ({
    browser: engine,
    provider: vitestProvider(engine),
    exclude: excluded(engine),
    // Firefox's BiDi page cannot take the screenshot of a failed test that Vitest asks for: it printed
    // "[vitest] Failed to take a screenshot" and a call log under each failure.
    ...(engine === 'firefox' ? { screenshotFailures: false } : {}),
  }));

// Vue's compile-time flags, set as its bundler build asks of every app (it warns otherwise):
// https://link.vuejs.org/feature-flags.
const vueFlags = { __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' };

export default defineConfig({
  // The demo talks to the reference server on the same origin, in dev and in preview.
  plugins: [referenceServer({ testing: createTestingLayer() }), demoAtRoot()],
  build: {
    outDir: 'dist-demo',
    emptyOutDir: true,
    rollupOptions: { input: { demo: 'demo/index.html', engine: 'demo/engine.html', recovery: 'demo/recovery.html', background: 'demo/background.html' } },
  },
  // The background demo's service worker is bundled into assets/ and controls /demo/.
  server: { host: '127.0.0.1', headers: { 'Service-Worker-Allowed': '/' } },
  preview: { host: '127.0.0.1', headers: { 'Service-Worker-Allowed': '/' } },
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/until-report.ts'],
          // A guard against a hang, not a speed check: a loaded laptop may take seconds to hash a file.
          testTimeout: 30_000,
        },
      },
      {
        define: vueFlags,
        test: {
          name: 'browser',
          setupFiles: ['test/support/lit-dev-notice.ts', 'test/support/until-report.ts'],
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          // A guard against a hang, not a speed check: the longest tests (hundreds of rows scrolled by
          // keyboard, every language spoken) take half a minute on a busy machine, and more on a busier one.
          testTimeout: 120_000,
          browser: {
            enabled: true,
            headless: true,
            // A loaded laptop may take more than the default minute to start three browsers.
            connectTimeout: 180_000,
            instances: instances(),
            commands: browserCommands,
          },
        },
      },
      {
        // The end-to-end flows in WebKit, which Playwright cannot drive: over WebDriver, against the built
        // demo (run by `npm run test:e2e` beside the Playwright flows).
        test: {
          name: 'e2e (webkit)',
          include: ['test/e2e-webkit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/until-report.ts'],
          globalSetup: ['test/e2e-webkit/preview-server.ts'],
          // One file at a time, as Playwright's one worker: the flows share the server's faults.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Our engine against a server we did not write: the Cloud Storage emulator of firebase-tools,
        // started with the test server and served on the page's origin (docs/third-party-servers.md).
        define: vueFlags,
        plugins: [storageEmulator()],
        test: {
          setupFiles: ['test/support/lit-dev-notice.ts'],
          name: 'third-party',
          include: ['test/third-party/**/*.test.ts'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            // A loaded laptop may take more than the default minute to start three browsers.
            connectTimeout: 180_000,
            instances: instances(),
            commands: browserCommands,
          },
        },
      },
    ],
  },
});

import { defineConfig } from '@playwright/test';
import { engines, launchOptions } from './test/support/browsers.ts';

const port = Number(process.env.E2E_PORT ?? 4179);

export default defineConfig({
  testDir: 'e2e',
  timeout: 180_000,
  // A web-first assertion or expect.poll waits with no limit of its own: a limit is a guess at how
  // busy the machine is. The test's timeout bounds it, and its report names the expect it was in.
  expect: { timeout: 0 },
  workers: 1,
  reporter: process.env.CI ? 'list' : [['list']],
  use: { baseURL: `http://127.0.0.1:${port}` },
  // Every flow in each engine, from one source (test/support/browsers.ts finds and launches them).
  projects: engines.map((engine) => ({
    name: engine,
    use: { browserName: engine, launchOptions: launchOptions(engine) },
    // Not in Firefox, listed here rather than skipped unseen: the flows that need Background Fetch,
    // Chromium's alone (tagged @background-fetch; e2e/background.spec.ts asserts Firefox's fallback in
    // both engines), a folder chosen in the form (Playwright's BiDi pages cannot set one on a file input),
    // and the element's code found after it was not (Firefox ESR keeps a failed module fetch for the
    // page's life, whatwg/html#10327 not in it: import() fails again without asking; a reload finds it).
    ...(engine === 'firefox' ? { grepInvert: /a folder chosen in the form|@background-fetch|code not found, then found/ } : {}),
  })),
  // The built demo, served by vite preview with the reference server mounted on the same origin.
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/demo/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});

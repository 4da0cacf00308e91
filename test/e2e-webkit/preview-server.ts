// The WebKit end-to-end flows' world: the demo built and served by vite preview with the reference
// server mounted, as Playwright's webServer serves it to the Chromium and Firefox flows, and
// WebKitWebDriver (with an Xvfb when there is no display) for MiniBrowser. Playwright cannot drive
// WebKitGTK, so these flows drive it over classic WebDriver.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { freePort, startWebKitDriver } from '../support/webkit-driver.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    webKitDriverPort: number;
  }
}

export default async function setup(project: TestProject) {
  // A folder of its own: the Playwright flows build the demo into dist/ at the same time.
  const outDir = await mkdtemp(path.join(tmpdir(), 'resumable-upload-e2e-webkit-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  const driver = await startWebKitDriver();
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('webKitDriverPort', driver.port);
  return async () => {
    driver.stop();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  };
}

// The WebKit end-to-end flows' world: the demo built and served by vite preview with the reference
// server mounted, as Playwright's webServer serves it to the Chromium and Firefox flows, and
// WebKitWebDriver (with an Xvfb when there is no display) for MiniBrowser. Playwright cannot drive
// WebKitGTK, so these flows drive it over classic WebDriver.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { freePort, startWebKitDriver } from '../support/webkit-driver.ts';

const run = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    webKitDriverPort: number;
  }
}

export default async function setup(project: TestProject) {
  // A folder of its own: the Playwright flows build the demo into dist/ at the same time.
  const outDir = await mkdtemp(path.join(tmpdir(), 'resumable-upload-e2e-webkit-'));
  // Built as Playwright's webServer builds it, in production: under Vitest, NODE_ENV is 'test', and a
  // build in this process would take Lit's development build (its dev-mode warning in the console).
  await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { env: { ...process.env, NODE_ENV: 'production' } });
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

import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { referenceServer } from './server/vite-plugin.ts';
import { chromiumArgs, chromiumExecutable } from './test/support/chromium.ts';

export default defineConfig({
  // The demo talks to the reference server on the same origin, in dev and in preview.
  plugins: [referenceServer()],
  build: {
    outDir: 'dist-demo',
    emptyOutDir: true,
    rollupOptions: { input: { demo: 'demo/index.html', engine: 'demo/engine.html', recovery: 'demo/recovery.html' } },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});

// The reference server as the package's `resumable-upload-server` command: server/cli.ts and what
// it imports bundled into one Node module, dist/server/cli.js. It is a Node program beside the
// browser entries; no browser entry imports it, so it adds nothing to what a page loads.
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    ssr: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      input: { cli: 'server/cli.ts' },
      output: { format: 'es', entryFileNames: '[name].js', banner: '#!/usr/bin/env node' },
    },
  },
});

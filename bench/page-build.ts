import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bundles bench/page (our engine from src/, upchunk, tus-js-client) into bench/.page; returns that folder. */
export async function buildPage(): Promise<string> {
  const outDir = path.join(here, '.page');
  await build({
    configFile: false,
    root: path.join(here, 'page'),
    base: '/',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Bundles bench/file-page/index.html (a page with one file input) with the script `bench/<folder>/main.ts`
 * into bench/.<folder>, under this title; returns that folder. Every benchmark that chooses a real file
 * shares that one page.
 */
export async function buildFilePage(folder: string, title: string): Promise<string> {
  const outDir = path.join(here, `.${folder}`);
  const main = path.join(here, folder, 'main.ts');
  const page: Plugin = {
    name: 'bench-file-page',
    enforce: 'pre',
    resolveId: (id) => (id === '/main.ts' ? main : undefined),
    transformIndexHtml: (html) => html.replace(/<title>.*<\/title>/, `<title>${title}</title>`),
  };
  await build({
    configFile: false,
    root: path.join(here, 'file-page'),
    base: '/',
    logLevel: 'warn',
    plugins: [page],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

/** Bundles bench/page (our engine from src/, upchunk, tus-js-client) into bench/.page; returns that folder. */
export function buildPage(): Promise<string> {
  return buildFilePage('page', 'resumable-upload benchmark');
}

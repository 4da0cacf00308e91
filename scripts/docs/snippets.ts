// The TypeScript of the README and the docs, type-checked as an application would compile it:
// every ```ts, ```tsx and ```js block becomes a module importing `resumable-upload…` from the
// sources (through `paths`), checked with strict settings by `tsc`. What examples take for granted
// (a `file`, a `getToken()`) is declared once in docs/snippet-globals.d.ts.
//
// A comment on the line before a fence changes how its block is read:
//   <!-- snippet: continues -->        the block goes on from the doc's previous one (same module)
//   <!-- snippet: not checked (why) --> left out, with the reason; keep these rare
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { codeBlocksOf, markdownFiles, readMarkdown, repository } from './markdown.ts';

const CHECKED = new Set(['ts', 'tsx', 'js']);

export interface Snippet {
  /** The module's file name in the work directory. */
  module: string;
  /** Per line of the module (after its first): the doc and line it came from. */
  origins: string[];
  code: string;
}

/** The modules to check, and the blocks left out with their reasons. */
export function snippets(): { modules: Snippet[]; skipped: string[] } {
  const modules: Snippet[] = [];
  const skipped: string[] = [];
  for (const doc of markdownFiles()) {
    let previous: Snippet | undefined;
    for (const block of codeBlocksOf(readMarkdown(doc))) {
      if (!CHECKED.has(block.lang)) continue;
      const where = `${doc}:${block.line}`;
      const note = block.note?.match(/^snippet: (.+)$/)?.[1];
      if (note?.startsWith('not checked')) {
        skipped.push(`${where} ${note}`);
        continue;
      }
      const lines = block.code.split('\n');
      const origins = lines.map((_, index) => `${doc}:${block.line + 1 + index}`);
      if (note === 'continues') {
        if (!previous) throw new Error(`${where}: "snippet: continues" with no block before it`);
        previous.code += `\n${block.code}`;
        previous.origins.push(...origins);
        continue;
      }
      if (note !== undefined) throw new Error(`${where}: unknown snippet note "${note}"`);
      const extension = block.lang === 'tsx' ? 'tsx' : 'ts';
      previous = { module: `${doc.replace(/[^\w]+/g, '-')}-${block.line}.${extension}`, origins, code: block.code };
      modules.push(previous);
    }
  }
  return { modules, skipped };
}

/** Where the modules are written: inside the repository, so `react/jsx-runtime` and the like resolve. */
export const workDirectory = join(repository, 'node_modules/.cache/doc-snippets');

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    jsx: 'react-jsx',
    isolatedModules: true,
    // What the sources need to compile (their decorators, their `.ts` imports).
    experimentalDecorators: true,
    useDefineForClassFields: false,
    allowImportingTsExtensions: true,
    paths: {
      'resumable-upload': [join(repository, 'src/main.ts')],
      'resumable-upload/engine': [join(repository, 'src/index.ts')],
      'resumable-upload/element': [join(repository, 'src/element.ts')],
      'resumable-upload/queue': [join(repository, 'src/queue.ts')],
      'resumable-upload/react': [join(repository, 'src/react.ts')],
      'resumable-upload/vue': [join(repository, 'src/vue.ts')],
      'resumable-upload/svelte': [join(repository, 'src/svelte.ts')],
      'resumable-upload/service-worker': [join(repository, 'src/service-worker.ts')],
      'resumable-upload/locales/*': [join(repository, 'src/element/locales/*.ts')],
    },
  },
  include: ['*.ts', '*.tsx', join(repository, 'docs/snippet-globals.d.ts')],
};

/** Type-checks every snippet; the errors, each with the doc and line it is on. */
export async function checkSnippets(): Promise<{ checked: number; skipped: string[]; errors: string[] }> {
  const { modules, skipped } = snippets();
  await rm(workDirectory, { recursive: true, force: true });
  await mkdir(workDirectory, { recursive: true });
  await writeFile(join(workDirectory, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  // `export {}` first: each snippet is a module of its own (top-level await, no shared names).
  await Promise.all(modules.map((snippet) => writeFile(join(workDirectory, snippet.module), `export {};\n${snippet.code}\n`)));
  const output = await promisify(execFile)(join(repository, 'node_modules/.bin/tsc'), ['-p', workDirectory, '--pretty', 'false'], { cwd: workDirectory }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  const errors = output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [, file, row, message] = line.match(/^(?:.*\/)?([^/(]+)\((\d+),\d+\): (.*)$/) ?? [];
      const snippet = modules.find((candidate) => candidate.module === file);
      return snippet ? `${snippet.origins[Number(row) - 2] ?? snippet.module}: ${message}` : line;
    });
  return { checked: modules.length, skipped, errors };
}

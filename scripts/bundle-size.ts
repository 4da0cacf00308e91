// What each entry costs a page, min+gzip with every dependency bundled in, as an application's
// bundler would ship it. Fails (exit 1) when an entry outgrows its limit, so `npm test` catches growth.
//
//   npm run size                  # the table; fails too when the docs' size table is stale
//   npm run size -- --json        # the figures as JSON
//   npm run size -- --write-docs  # rewrites the size table of README.md and docs/size.md
import { readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { withBlock } from './docs/blocks.ts';

interface Entry {
  name: string;
  /** How the docs' table names it. */
  label: string;
  file: string;
  /** A page's own code importing the entry, when the page uses less than all of its exports. */
  page?: string;
  /** Enforced: today's size with a little room, so growth is a decision, not an accident. */
  limitBytes: number;
  /** Left out of the bundle: the framework a binding plugs into, which the page has already. */
  external?: string[];
  /** The size the project aims at (issue 15: engine ≤ 12 KB, a page with the element ≤ 24 KB), reported beside the measurement. */
  goalBytes?: number;
}

const KB = 1000;
const entries: Entry[] = [
  { name: 'resumable-upload/engine', label: '`resumable-upload/engine`', file: 'src/index.ts', limitBytes: 11.9 * KB, goalBytes: 12 * KB },
  // A page with the element imports the package for its side effect (the element registers itself);
  // the engine then loads when the first file needs it (or at idle), so it is counted as lazy here.
  { name: "resumable-upload, a page with the element (import 'resumable-upload')", label: "`resumable-upload`, a page with the element (`import 'resumable-upload'`)", file: 'src/main.ts', page: "import './src/main.ts';", limitBytes: 24.4 * KB, goalBytes: 24 * KB },
  // The list with no view: the engine loads when the first file starts (or at idle), so it is counted as lazy.
  { name: 'resumable-upload/queue', label: '`resumable-upload/queue`, the list with no view', file: 'src/queue.ts', limitBytes: 4.65 * KB },
  // A page that also uses the engine's exports (Upload, listStoredUploads, …) has the engine at start too.
  // Each framework binding alone: the page has its framework and the queue (its `queue` argument) already.
  { name: 'resumable-upload/react', label: '`resumable-upload/react`, `useUploads` (React itself not counted)', file: 'src/react.ts', external: ['react'], limitBytes: 0.17 * KB },
  { name: 'resumable-upload/vue', label: '`resumable-upload/vue`, `useUploads` (Vue itself not counted)', file: 'src/vue.ts', external: ['vue'], limitBytes: 0.18 * KB },
  { name: 'resumable-upload/svelte', label: '`resumable-upload/svelte`, `uploadsStore`', file: 'src/svelte.ts', limitBytes: 0.12 * KB },
  { name: 'resumable-upload, every export (element + engine + lit)', label: '`resumable-upload`, every export used (element and `Upload`)', file: 'src/main.ts', limitBytes: 36.2 * KB },
];

/** The libraries alone, for scale: each as our entries import it. */
const dependencies: Record<string, string> = {
  ky: "export { default } from 'ky';",
  'idb-keyval': "export * from 'idb-keyval';",
  lit: "export * from 'lit'; export * from 'lit/decorators.js'; export * from 'lit/directives/repeat.js';",
};

interface Measured {
  name: string;
  label?: string;
  initialBytes: number;
  lazyBytes: number;
  limitBytes?: number;
  goalBytes?: number;
}

const gzipSize = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;

async function bundle(input: string, source?: string, external: string[] = []): Promise<Rolldown.OutputBundle[string][]> {
  const virtualId = '\0bundle-size-entry';
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: source === undefined ? [] : [{ name: 'bundle-size-entry', enforce: 'pre', resolveId: (id) => (id.endsWith(input) ? virtualId : undefined), load: (id) => (id === virtualId ? source : undefined) }],
    build: {
      write: false,
      lib: { entry: input, formats: ['es'], fileName: 'entry' },
      // Library mode keeps whitespace and a comment per module in ES output (for the next bundler);
      // an application's bundler strips them, so measure fully minified, as size-limit does.
      // An application's entry may export what its lazy chunks import from it ('allow-extension',
      // as Rollup's and Vite's app builds allow): without it rolldown moves every module a lazy chunk
      // shares with the entry into chunks of their own, loaded at start all the same (rolldown#10731).
      rolldownOptions: { preserveEntrySignatures: 'allow-extension', external, output: { minify: true, comments: false } },
    },
  });
  return (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : []));
}

/**
 * Initial: the entry chunk and the chunks it imports statically (a module shared with a lazy chunk
 * gets a chunk of its own, loaded with the entry all the same). Lazy: the dynamic chunks (the engine
 * under the element, the hash worker, the store's code, optional features), loaded on first use.
 */
async function measure(name: string, input: string, source?: string, external?: string[]): Promise<Measured> {
  const files = await bundle(input, source, external);
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    const file = files.find((candidate) => candidate.fileName === fileName);
    if (file?.type !== 'chunk' || initial.has(fileName)) return;
    initial.add(fileName);
    file.imports.forEach(visit);
  };
  for (const file of files) if (file.type === 'chunk' && file.isEntry) visit(file.fileName);
  let initialBytes = 0;
  let lazyBytes = 0;
  for (const file of files) {
    const bytes = gzipSize(file.type === 'chunk' ? file.code : file.source);
    if (initial.has(file.fileName)) initialBytes += bytes;
    else lazyBytes += bytes;
  }
  return { name, initialBytes, lazyBytes };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

const measured: Measured[] = [];
for (const entry of entries) {
  const measuredEntry = entry.page === undefined ? await measure(entry.name, entry.file, undefined, entry.external) : await measure(entry.name, `size-of:${entry.name}`, entry.page.replace("'./", `'${process.cwd()}/`));
  measured.push({ ...measuredEntry, label: entry.label, limitBytes: entry.limitBytes, goalBytes: entry.goalBytes });
}
const libraries: Measured[] = [];
for (const [name, source] of Object.entries(dependencies)) libraries.push(await measure(name, `size-of:${name}`, source));

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ entries: measured, dependencies: libraries }, null, 2));
} else {
  console.log('| entry | min+gzip | lazy (loaded on use) | limit | goal |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const m of measured) {
    const goal = m.goalBytes === undefined ? '—' : m.initialBytes <= m.goalBytes ? `${kb(m.goalBytes)} ✓` : `${kb(m.goalBytes)} (over by ${kb(m.initialBytes - m.goalBytes)})`;
    console.log(`| ${m.name} | ${kb(m.initialBytes)} | ${kb(m.lazyBytes)} | ${kb(m.limitBytes!)} | ${goal} |`);
  }
  console.log(`\nDependencies alone, min+gzip: ${libraries.map((l) => `${l.name} ${kb(l.initialBytes)}`).join(', ')}`);
}

/** The docs' size table: what `--write-docs` writes, and what the docs must hold. */
const docsTable = [
  '| entry | at start | later (at idle or on first use) |',
  '| --- | ---: | ---: |',
  ...measured.map((m) => `| ${m.label} | ${kb(m.initialBytes)} | ${kb(m.lazyBytes)} |`),
  '',
  `The dependencies alone, as these entries import them: ${libraries.map((l) => `${l.name} ${kb(l.initialBytes)}`).join(', ')}.`,
].join('\n');
const stale: string[] = [];
for (const file of ['README.md', 'docs/size.md']) {
  const doc = await readFile(file, 'utf8');
  const next = withBlock(doc, 'size', docsTable);
  if (next === doc) continue;
  if (process.argv.includes('--write-docs')) await writeFile(file, next);
  else stale.push(file);
}
if (process.argv.includes('--write-docs')) console.log('\nThe size tables of README.md and docs/size.md are up to date.');
for (const file of stale) console.error(`${file}: its size table differs from these figures; \`npm run size -- --write-docs\` rewrites it.`);

const over = measured.filter((m) => m.initialBytes > m.limitBytes!);
for (const m of over) {
  console.error(`${m.name} is ${m.initialBytes} B, over its limit of ${m.limitBytes!} B: find what grew (npm run size), or raise the limit in scripts/bundle-size.ts on purpose.`);
}
process.exitCode = over.length > 0 || stale.length > 0 ? 1 : 0;

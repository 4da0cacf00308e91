// After `tsc -p tsconfig.build.json`: the declarations keep the sources' `.ts` specifiers
// (`rewriteRelativeImportExtensions` rewrites JavaScript only). Point them at the `.js`/`.d.ts`
// files that ship, so every consumer's resolver follows them. `.ts` → `.js` keeps the length, so
// the declaration maps stay right.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const directory = process.argv[2] ?? 'dist';
const relativeTsSpecifier = /((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g;

for (const entry of await readdir(directory, { recursive: true })) {
  if (!entry.endsWith('.d.ts')) continue;
  const file = join(directory, entry);
  const source = await readFile(file, 'utf8');
  const rewritten = source.replace(relativeTsSpecifier, '$1.js$2');
  if (rewritten !== source) await writeFile(file, rewritten);
}

// `npm run docs`: rewrites the generated blocks of the docs from the sources — the exports of each
// entry point (docs/api.md), the engine's options from their JSDoc (docs/engine.md) and the element's reference from its custom-elements.json
// (docs/element.md, docs/styling-and-languages.md). test/node/docs-generated.test.ts fails when a
// block differs from what this would write. The size table is `npm run size -- --write-docs`.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generatedBlocks } from './generated.ts';
import { repository } from './markdown.ts';

const changed: string[] = [];
for (const [file, rewrite] of Object.entries(await generatedBlocks())) {
  const path = join(repository, file);
  const doc = await readFile(path, 'utf8');
  const next = rewrite(doc);
  if (next !== doc) {
    await writeFile(path, next);
    changed.push(file);
  }
}
console.log(changed.length === 0 ? 'The generated blocks are up to date.' : `Rewritten: ${changed.join(', ')}`);

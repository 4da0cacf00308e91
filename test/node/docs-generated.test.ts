// The docs' generated blocks are what `npm run docs` would write now, and the lists still kept by
// hand name everything they list from (entry points, the layout of src/, the translations): a change to the sources
// that leaves a doc behind fails here.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { generatedBlocks, type Rewrite } from '../../scripts/docs/generated.ts';
import { repository } from '../../scripts/docs/markdown.ts';
import { OPTIONS_MODULE, membersOf } from '../../scripts/docs/options-reference.ts';

const read = (file: string) => readFile(join(repository, file), 'utf8');

let blocks: Record<string, Rewrite>;
beforeAll(async () => {
  blocks = await generatedBlocks();
}, 60_000);

it('holds every generated block as `npm run docs` writes it now', async () => {
  const stale: string[] = [];
  for (const [file, rewrite] of Object.entries(blocks)) if (rewrite(await read(file)) !== (await read(file))) stale.push(file);
  expect(stale, 'run `npm run docs`').toEqual([]);
});

it('names every entry point and command of package.json in the entry points table', async () => {
  const manifest = JSON.parse(await read('package.json')) as { name: string; exports: Record<string, unknown>; bin: Record<string, string> };
  const section = (await read('docs/api.md')).split('## Exports')[0]!;
  const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath !== './package.json');
  const names = [...subpaths.map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2).replace('*', '<tag>')}`)), ...Object.keys(manifest.bin)];
  expect(names.length).toBeGreaterThan(6);
  expect(names.filter((name) => !section.includes(`| \`${name}\``))).toEqual([]);
});


it('names every folder of src/ in the layout of docs/development.md', async () => {
  const layout = (await read('docs/development.md')).split('## Layout')[1]!;
  const folders = (await readdir(join(repository, 'src'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => `src/${entry.name}/`);
  expect(folders.length).toBeGreaterThan(8);
  expect(folders.filter((folder) => !layout.includes(`\`${folder}\``))).toEqual([]);
});

it('names every shipped translation in the languages table of docs/styling-and-languages.md', async () => {
  const doc = await read('docs/styling-and-languages.md');
  const tags = (await readdir(join(repository, 'src/element/locales'))).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3));
  expect(tags).toContain('pt-BR');
  expect(tags.filter((tag) => !doc.includes(`| \`${tag}\``))).toEqual([]);
});

it('writes the options table of docs/engine.md from the JSDoc of UploadOptions: every option, its default and its words', async () => {
  const code = await read(OPTIONS_MODULE);
  const options = membersOf(code, 'UploadOptions');
  expect(options.map((option) => option.name)).toEqual(expect.arrayContaining(['endpoint', 'stallTimeoutMs', 'background', 'signal']));
  const doc = await read('docs/engine.md');
  for (const option of options) {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${option.name}\` |`));
    expect(row, option.name).toBeDefined();
    expect(row, option.name).toContain(option.text.split(' ').slice(0, 6).join(' '));
    if (option.defaultValue !== undefined) expect(row, option.name).toContain(option.defaultValue.replace(/ \(.*/, '').replace(/\|/g, '\\|'));
  }
  // An option without JSDoc has no words to show: the table is not written without them.
  expect(() => membersOf(code.replace(/ *\/\*\* Aborts the upload, like `abort\(\)`\. \*\/\n/, ''), 'UploadOptions')).toThrow(/signal has no JSDoc/);
});

// docs/engine.md documents every engine option and every error code, read from the sources, so a
// new option or code cannot ship undocumented. (The element's reference is checked against
// custom-elements.json in custom-elements-manifest.test.ts; links in docs-links.test.ts.)
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const repository = resolve(import.meta.dirname, '../..');
const source = (path: string) => readFile(resolve(repository, path), 'utf8');

let engine: string;
let api: string;
beforeAll(async () => {
  engine = await source('docs/engine.md');
  api = await source('docs/api.md');
});

/** The members of an interface, one per line as `  name?: type;`. */
function membersOf(code: string, name: string): string[] {
  const body = code.slice(code.indexOf(`export interface ${name} {`), code.indexOf('\n}', code.indexOf(`export interface ${name} {`)));
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, member]) => member!);
}

it('documents every engine option in the options table', async () => {
  const options = membersOf(await source('src/engine/options.ts'), 'UploadOptions');
  expect(options.length).toBeGreaterThan(15);
  const rows = engine.split('\n').filter((line) => line.startsWith('| `'));
  expect(options.filter((option) => !rows.some((row) => row.includes(`\`${option}\``)))).toEqual([]);
});

it('documents every UploadError code', async () => {
  const errors = await source('src/errors/upload-error.ts');
  const union = errors.slice(errors.indexOf('export type UploadErrorCode'), errors.indexOf('export interface UploadErrorDetails'));
  const codes = [...union.matchAll(/\| '([\w-]+)'/g)].map(([, code]) => code!);
  expect(codes.length).toBeGreaterThan(5);
  expect(codes.filter((code) => !engine.includes(`| \`${code}\` |`))).toEqual([]);
});

/** The names an entry exports, from its `export { … } from` and `export type { … } from` lines. */
function exportsOf(code: string): string[] {
  return [...code.matchAll(/^export (?:type )?\{([^}]+)\}/gm)].flatMap(([, names]) =>
    names!.split(',').map((name) => name.trim().replace(/^type /, '')).filter(Boolean),
  );
}

it('documents every export of the engine and element entries', async () => {
  const names = [...exportsOf(await source('src/index.ts')), ...exportsOf(await source('src/element.ts'))];
  expect(names).toEqual(expect.arrayContaining(['Upload', 'UploadStates', 'forgetStoredUpload', 'ResumableUploadElement', 'UploadProgressEventDetail']));
  expect(names.filter((name) => !api.includes(`\`${name}\``))).toEqual([]);
});

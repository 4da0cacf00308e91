// The library's imports, read with the bundler's own parser (type-only and lazy imports included):
// no module of src/ may reach itself again through its imports, and no import may go up a floor.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The floors, lowest first, each with its rooms (a folder, or one file that lives apart from its
 * folder). A module imports from its own room or from a lower floor: never up, never sideways into
 * another room of its floor. Ports sit below the steps that use them and the adapters above; the
 * protocol steps and the stored records stand side by side; the engine orders steps, records and
 * the hand-off; the queue holds a list of uploads with no view; the entry points and the element
 * are views on top.
 */
const FLOORS = [
  ['utils', 'errors'],
  ['security', 'transport/http-client.ts', 'integrity'],
  ['protocol', 'storage'],
  ['transport', 'integrity/verify-result.ts'],
  ['background'],
  ['engine'],
  ['index.ts', 'service-worker.ts'],
  ['queue'],
  ['element', 'queue.ts'],
  ['element.ts'],
  ['react.ts', 'vue.ts', 'svelte.ts', 'main.ts'],
];

const src = resolve(import.meta.dirname, '../../src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
/** The room a file is in: the longest room name that is the file or a folder above it. */
const roomOf = (file: string) => FLOORS.flat().filter((room) => file === room || file.startsWith(`${room}/`)).sort((a, b) => b.length - a.length)[0] ?? '';
const floorOf = (file: string) => FLOORS.findIndex((rooms) => rooms.includes(roomOf(file)));

/** Each file of src/ (relative path) with the files of src/ it imports, statically or lazily. */
const imports = new Map(
  files.map((file) => {
    const code = readFileSync(join(src, file), 'utf8');
    const { module } = parseSync(file, code);
    const specifiers = [
      ...module.staticImports.map((entry) => entry.moduleRequest.value),
      ...module.staticExports.flatMap((entry) => entry.entries.flatMap((e) => (e.moduleRequest ? [e.moduleRequest.value] : []))),
      ...module.dynamicImports.map(({ moduleRequest }) => code.slice(moduleRequest.start, moduleRequest.end).replace(/^['"`]|['"`]$/g, '')),
    ];
    const local = specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => relative(src, resolve(src, dirname(file), specifier)));
    return [file, [...new Set(local)]] as const;
  }),
);

describe('the imports of src/', () => {
  it('are all read: every file has a floor and every import names a file', () => {
    expect(files.filter((file) => floorOf(file) < 0)).toEqual([]);
    expect([...imports].flatMap(([file, targets]) => targets.filter((target) => !imports.has(target)).map((target) => `${file} -> ${target}`))).toEqual([]);
    expect(imports.get('engine/upload.ts')).toContain('background/hand-off-on-hide.ts'); // a lazy import is seen
  });

  it('go down the floors, never up nor sideways', () => {
    const allowed = (file: string, target: string) => roomOf(target) === roomOf(file) || floorOf(target) < floorOf(file);
    const wrong = [...imports].flatMap(([file, targets]) => targets.filter((target) => !allowed(file, target)).map((target) => `${file} -> ${target}`));
    expect(wrong).toEqual([]);
  });

  it('make no circle', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') return void circles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      state.set(file, 'open');
      for (const target of imports.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});

// The exports of each entry point, read from the entry modules the package's `exports` map names
// (`./dist/x.js` is built from `src/x.ts`), each with the first sentence of its declaration's JSDoc.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { table } from './blocks.ts';
import { repository } from './markdown.ts';

export interface Exported {
  name: string;
  kind: 'class' | 'function' | 'const' | 'type' | 'interface';
  /** The module that declares it, from the repository. */
  module: string;
  /** Its JSDoc's first paragraph (a class's `@summary`); empty when it has none. */
  summary: string;
}

const read = (file: string) => readFileSync(join(repository, file), 'utf8');

/** The declaration of `name` in `module`, following re-exports; its kind and JSDoc. */
function declaration(module: string, name: string): Exported {
  const code = read(module);
  const declared = new RegExp(`(/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*)?export (?:declare )?(?:abstract )?(?:async )?(class|function|const|type|interface)\\s+${name}\\b`).exec(code);
  if (declared) {
    const text = (declared[2] ?? '').split('\n').map((line) => line.replace(/^\s*\* ?/, '').trim());
    const tagged = text.join('\n').match(/@summary ([^\n]+)/)?.[1];
    const paragraph = text.join('\n').trim().split(/\n\s*\n|\n@/)[0]!.replace(/^@[\s\S]*/, '');
    return { name, kind: declared[3] as Exported['kind'], module, summary: (tagged ?? paragraph).replace(/\s+/g, ' ').trim() };
  }
  for (const [, names, from] of code.matchAll(/export (?:type )?\{([^}]+)\} from '([^']+)'/g)) {
    for (const entry of names!.split(',')) {
      const [source, alias = source] = entry.trim().replace(/^type /, '').split(/\s+as\s+/);
      if (alias === name) return { ...declaration(join(dirname(module), from!), source!), name };
    }
  }
  throw new Error(`${name}: no declaration found from ${module}`);
}

/**
 * Every name an entry module exports, in its order, with where each is declared: re-exported from
 * another module, or declared in the entry itself (a binding's `useUploads`).
 */
export function exportsOf(entry: string): Exported[] {
  const code = read(entry);
  const found: Exported[] = [];
  const exported = /^export (?:(\*)|(?:type )?\{([^}]+)\}) from '([^']+)'|^export (?:declare )?(?:abstract )?(?:async )?(?:class|function|const|type|interface)\s+(\w+)/gm;
  for (const [, star, names, from, declared] of code.matchAll(exported)) {
    if (declared) {
      found.push(declaration(entry, declared));
      continue;
    }
    const module = join(dirname(entry), from!);
    if (star) found.push(...exportsOf(module));
    else for (const entryName of names!.split(',')) {
      const [, alias] = entryName.trim().replace(/^type /, '').split(/\s+as\s+/);
      const name = (alias ?? entryName.trim().replace(/^type /, '')).trim();
      if (name) found.push(declaration(entry, name));
    }
  }
  return found;
}

/** The package's entry points with their source modules: `resumable-upload/engine` → `src/index.ts`. */
export function entryPoints(): { specifier: string; source: string }[] {
  const manifest = JSON.parse(read('package.json')) as { name: string; exports: Record<string, string | { default: string }> };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : target.default;
    if (!file.startsWith('./dist/') || !file.endsWith('.js') || file.includes('*')) return [];
    return [{ specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, source: file.replace('./dist/', 'src/').replace(/\.js$/, '.ts') }];
  });
}

/**
 * One table per entry that exports names: each name, its kind, where it is declared and what it is.
 * An entry made only of `export *` of other entries names them instead of repeating their tables.
 */
export function exportsReference(): string {
  const link = (module: string) => relative('docs', module);
  const entries = entryPoints();
  return entries
    .map(({ specifier, source }) => ({ specifier, source, names: exportsOf(source) }))
    .filter(({ names }) => names.length > 0)
    .map(({ specifier, source, names }) => {
      const stars = [...read(source).matchAll(/^export \* from '([^']+)'/gm)].map(([, from]) => entries.find((entry) => entry.source === join(dirname(source), from!)));
      const code = read(source).replace(/^\s*\/\/.*$/gm, '').trim();
      if (stars.length > 0 && stars.every(Boolean) && code.split('\n').length === stars.length) {
        return `### \`${specifier}\`\n\nFrom [\`${source}\`](${link(source)}): everything of ${stars.map((entry) => `\`${entry!.specifier}\``).join(' and ')}.`;
      }
      const rows = names.map((item) => [`\`${item.name}\``, item.kind, item.summary, `[${item.module.replace(/^src\//, '')}](${link(item.module)})`]);
      return `### \`${specifier}\`\n\nFrom [\`${source}\`](${link(source)}):\n\n${table(['export', 'kind', 'what it is', 'declared in'], rows)}`;
    })
    .join('\n\n');
}

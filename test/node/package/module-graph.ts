// Which files and packages a built module reaches through its static and dynamic imports.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const importSpecifier = /(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const comments = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

export interface ModuleGraph {
  files: Set<string>;
  /** Bare specifiers: `lit`, `lit/decorators.js`, `ky`, … */
  packages: Set<string>;
}

export async function moduleGraph(entry: string): Promise<ModuleGraph> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(entry)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    // Comments go first: bundled libraries show `import … from '…'` in their examples.
    const code = (await readFile(file, 'utf8')).replace(comments, '');
    for (const match of code.matchAll(importSpecifier)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

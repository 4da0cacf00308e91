// Every relative link of the README and the docs points at a file that exists, and at a heading
// that exists in it when it names one, so moving a section cannot leave a link behind.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, it } from 'vitest';
import { anchorsOf, markdownFiles, readMarkdown, relativeLinksOf, repository } from '../../scripts/docs/markdown.ts';

it.each(markdownFiles())('%s links only to files and headings that exist', (file) => {
  const broken: string[] = [];
  for (const { line, target } of relativeLinksOf(readMarkdown(file))) {
    const [path = '', anchor] = target.split('#');
    const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
    const where = `${file}:${line} → ${target}`;
    if (resolved.startsWith('..') || !existsSync(join(repository, resolved))) broken.push(`${where} (no file ${resolved})`);
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(readMarkdown(resolved)).has(anchor)) broken.push(`${where} (no heading #${anchor} in ${resolved})`);
    else if (anchor !== undefined && !resolved.endsWith('.md') && statSync(join(repository, resolved)).isDirectory()) broken.push(`${where} (an anchor into a folder)`);
  }
  expect(broken).toEqual([]);
});

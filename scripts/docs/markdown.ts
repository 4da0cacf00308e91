// What the docs checks read from Markdown: the files, their headings' anchors as GitHub makes them,
// their relative links, and their fenced code blocks.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repository = resolve(import.meta.dirname, '../..');

/** README.md, bench/README.md and every Markdown file under docs/, as paths from the repository. */
export function markdownFiles(): string[] {
  const docs = readdirSync(join(repository, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  return ['README.md', 'bench/README.md', ...docs.map((file) => `docs/${file}`)].sort();
}

export const readMarkdown = (path: string) => readFileSync(join(repository, path), 'utf8');

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): [number, string][] {
  let fenced = false;
  return text.split('\n').flatMap((line, index): [number, string][] => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [[index + 1, line]];
  });
}

/** The anchors GitHub gives the headings: lower case, punctuation dropped, spaces to `-`, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, line] of proseLines(text)) {
    const heading = line.match(/^#{1,6} (.+)$/)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface Link {
  line: number;
  target: string;
}

/** Relative links (`[text](path#anchor)`, `[text](#anchor)`) outside code; web addresses left out. */
export function relativeLinksOf(text: string): Link[] {
  return proseLines(text).flatMap(([line, content]) =>
    [...content.matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target!)
      .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
      .map((target) => ({ line, target })),
  );
}

export interface CodeBlock {
  /** The fence's language: `ts`, `tsx`, `js`, `sh`, … */
  lang: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** An HTML comment on the line before the fence, e.g. `<!-- snippet: partial -->`. */
  note?: string;
}

/** Fenced code blocks, indented ones (in a list) included, their indentation removed. */
export function codeBlocksOf(text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = lines[index]!.match(/^(\s*)```(\w*)/);
    if (!open) continue;
    const [, indent, lang] = open;
    const start = index;
    const body: string[] = [];
    while (++index < lines.length && !/^\s*```\s*$/.test(lines[index]!)) body.push(lines[index]!.slice(indent!.length));
    const note = lines[start - 1]?.match(/^\s*<!--\s*(.+?)\s*-->\s*$/)?.[1];
    blocks.push({ lang: lang!, line: start + 1, code: body.join('\n'), ...(note === undefined ? {} : { note }) });
  }
  return blocks;
}

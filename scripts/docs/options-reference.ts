// The options table of docs/engine.md, read from the JSDoc of `UploadOptions` (and of the option
// objects it names: `RetryOptions`, `BackgroundOptions`) in src/engine/options.ts: the one source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { table } from './blocks.ts';
import { repository } from './markdown.ts';

export const OPTIONS_MODULE = 'src/engine/options.ts';

export interface OptionDoc {
  name: string;
  /** The `@default` tag, as written; undefined when there is none. */
  defaultValue: string | undefined;
  /** The JSDoc without its tags, on one line. */
  text: string;
}

/** The members of `interface name` in `code`, each with its JSDoc; throws when one has none. */
export function membersOf(code: string, name: string): OptionDoc[] {
  const body = new RegExp(`export interface ${name}\\b[^{]*\\{\\n([\\s\\S]*?)\\n\\}`).exec(code)?.[1];
  if (body === undefined) throw new Error(`no interface ${name}`);
  const members: OptionDoc[] = [];
  for (const [, jsdoc, member] of body.matchAll(/(?:\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*)?^ +(\w+)\??:/gm)) {
    if (jsdoc === undefined) throw new Error(`${name}.${member} has no JSDoc: every public option is documented`);
    const lines = jsdoc.split('\n').map((line) => line.replace(/^\s*\* ?/, '').trim());
    // Tags start a line or follow a sentence on the one-line form (`… here. @default 5`).
    const [text, ...tags] = lines.join('\n').split(/(?:^|\s)(?=@(?:default|example|see)\b)/m);
    const tag = (wanted: string) => tags.find((entry) => entry.startsWith(`@${wanted}`))?.slice(wanted.length + 1).replace(/\s+/g, ' ').trim();
    members.push({ name: member!, defaultValue: tag('default'), text: text!.replace(/\s+/g, ' ').trim() });
  }
  return members;
}

/** A default as a cell: a plain value in code type, its note after it (`134217728` (128 MiB)). */
function defaultCell(value: string | undefined): string {
  if (value === undefined) return '—';
  if (value.includes('`')) return value;
  const [, plain, note] = /^(.*?)(\s+\(.*\))?$/.exec(value)!;
  return `\`${plain}\`${note ?? ''}`;
}

/** `docs/x.md` and `docs/x.md#anchor` in the JSDoc become links from docs/engine.md. */
const linked = (text: string) => text.replace(/\bdocs\/([\w-]+\.md(?:#[\w-]+)?)/g, (_, target: string) => `[${target.replace(/#.*/, '')}](${target})`);

/** The options table: every option of `new Upload(file, options)`, the fields of its option objects after it. */
export function optionsReference(): string {
  const code = readFileSync(join(repository, OPTIONS_MODULE), 'utf8');
  const nested: Record<string, string> = { retry: 'RetryOptions', background: 'BackgroundOptions' };
  const rows = membersOf(code, 'UploadOptions').flatMap((option) => [
    option,
    ...(nested[option.name] ? membersOf(code, nested[option.name]!).map((field) => ({ ...field, name: `${option.name}.${field.name}` })) : []),
  ]);
  return table(
    ['option', 'default', 'what it does'],
    rows.map((option) => [`\`${option.name}\``, defaultCell(option.defaultValue), linked(option.text)]),
  );
}

// docs/server.md carries the reference server's `--help` as the CLI prints it, between two markers;
// this rewrites that block from server/cli-usage.ts (test/node/server-docs.test.ts fails when it is stale).
// Run: npx tsx scripts/server-docs.ts
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { USAGE } from '../server/cli-usage.ts';

export const DOC = resolve(import.meta.dirname, '../docs/server.md');
const START = '<!-- server-help: generated from server/cli-usage.ts by scripts/server-docs.ts -->';
const END = '<!-- /server-help -->';

/** The doc with its help block as the CLI prints it now. */
export function withHelp(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no help block (${START} … ${END})`);
  return `${doc.slice(0, start)}${START}\n\n\`\`\`text\n${USAGE}\n\`\`\`\n\n${doc.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = await readFile(DOC, 'utf8');
  const next = withHelp(doc);
  if (next !== doc) await writeFile(DOC, next);
  console.log(next === doc ? 'docs/server.md is up to date' : 'docs/server.md: help block rewritten');
}

// docs/server.md documents the reference server from its own sources: the help block as the CLI
// prints it, every flag the CLI parses in that help, and every option of createReferenceServer.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { USAGE } from '../../server/cli-usage.ts';
import { DOC, withHelp } from '../../scripts/server-docs.ts';

const repository = resolve(import.meta.dirname, '../..');
const source = (path: string) => readFile(resolve(repository, path), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

let doc: string;
beforeAll(async () => {
  doc = await readFile(DOC, 'utf8');
});

it('carries the CLI help as it prints it (npx tsx scripts/server-docs.ts rewrites it)', () => {
  expect(doc).toContain(USAGE);
  expect(withHelp(doc)).toBe(doc);
});

it('lists every flag the CLI parses in its help', async () => {
  const cli = await source('server/cli-main.ts');
  const parsed = cli.slice(cli.indexOf('options: {'), cli.indexOf('\n    },', cli.indexOf('options: {')));
  const flags = [...parsed.matchAll(/^ {6}'?([\w-]+)'?: \{/gm)].map(([, flag]) => flag!);
  expect(flags).toEqual(expect.arrayContaining(['port', 'dir', 'max-buffered-bytes', 'body-stall-timeout-ms']));
  expect(flags.filter((flag) => !USAGE.includes(`--${flag} `) && !USAGE.includes(`--${flag}\n`))).toEqual([]);
});

it('documents every option of createReferenceServer, as a flag or in its table', async () => {
  const code = await source('server/reference-server.ts');
  const body = code.slice(code.indexOf('export interface ReferenceServerOptions {'), code.indexOf('\n}', code.indexOf('export interface ReferenceServerOptions {')));
  const options = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, option]) => option!);
  expect(options.length).toBeGreaterThan(10);
  expect(options.filter((option) => !USAGE.includes(`--${kebab(option)} `) && !USAGE.includes(`--${kebab(option)}\n`) && !doc.includes(`| \`${option}\` |`))).toEqual([]);
});

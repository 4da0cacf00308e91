// custom-elements.json comes from the element's JSDoc. These checks compare it with what the
// sources really render, emit and style, and with the docs, so neither can fall behind.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemStatuses } from '../../src/queue/item/item-status.ts';
import { actionsFor } from '../../src/element/render/item-row.ts';

const repository = resolve(import.meta.dirname, '../..');

interface Named {
  name: string;
  description?: string;
}
interface ElementDeclaration {
  tagName: string;
  attributes: (Named & { fieldName?: string })[];
  members: (Named & { kind: 'field' | 'method'; static?: boolean; readonly?: boolean; privacy?: string })[];
  events: (Named & { type?: { text: string } })[];
  slots: Named[];
  cssParts: Named[];
  cssProperties: Named[];
}

let element: ElementDeclaration;
let work: string;

beforeAll(async () => {
  // Into a directory of its own, so a build running beside this test keeps its own manifest whole.
  work = await mkdtemp(join(tmpdir(), 'resumable-upload-manifest-'));
  await promisify(execFile)(join(repository, 'node_modules/.bin/cem'), ['analyze', '--quiet', '--outdir', relative(repository, work)], { cwd: repository });
  const manifest = JSON.parse(await readFile(join(work, 'custom-elements.json'), 'utf8'));
  element = manifest.modules.flatMap((module: { declarations: ElementDeclaration[] }) => module.declarations).find((declaration: ElementDeclaration) => declaration.tagName === 'resumable-upload');
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

async function elementSources(): Promise<string> {
  const directory = join(repository, 'src/element');
  const files = (await readdir(directory, { recursive: true })).filter((file) => file.endsWith('.ts'));
  return (await Promise.all(files.map((file) => readFile(join(directory, file), 'utf8')))).join('\n');
}

const names = (entries: Named[]) => entries.map((entry) => entry.name).sort();
const statuses = Object.values(ItemStatuses);
const actions = [...new Set(statuses.flatMap((status) => Object.values(actionsFor(status))).filter((action) => action !== undefined))];
/** What `${…}` in a `part` attribute can become. */
const partVariables: Record<string, readonly string[]> = { status: statuses, action: actions };

describe('custom-elements.json', () => {
  it('lists every part the templates render, each status and button variant spelled out', async () => {
    const rendered = new Set<string>();
    for (const [, value] of (await elementSources()).matchAll(/\bpart="([^"]+)"/g)) {
      for (const token of value!.split(/\s+/)) {
        const variable = token.match(/\$\{(\w+)\}/)?.[1];
        if (!variable) rendered.add(token);
        else for (const value of partVariables[variable] ?? [`<unknown \${${variable}}>`]) rendered.add(token.replace(`\${${variable}}`, value));
      }
    }
    expect(names(element.cssParts)).toEqual([...rendered].sort());
  });

  it('lists every event the element emits, as declared in HTMLElementEventMap', async () => {
    const sources = await elementSources();
    // The element fires its queue's events again, as its own: the names listed in uploads-controller.ts.
    const fired = /const FIRED = \[([^\]]+)\]/.exec(sources)?.[1] ?? '';
    const emitted = new Set([...fired.matchAll(/'([\w-]+)'/g)].map(([, name]) => name!));
    const declared = new Set([...sources.matchAll(/^\s+'(upload-[\w-]+)': Upload\w+Event;$/gm)].map(([, name]) => name!));
    expect([...emitted].sort()).toEqual([...declared].sort());
    expect(names(element.events)).toEqual([...emitted].sort());
    for (const event of element.events) expect(event.type?.text, event.name).toMatch(/^Upload\w+Event$/);
  });

  it('lists every public custom property the styles read', async () => {
    const styles = await readFile(join(repository, 'src/element/resumable-upload.styles.ts'), 'utf8');
    const read = new Set([...styles.matchAll(/var\((--resumable-upload-[\w-]+)/g)].map(([, name]) => name!));
    expect(names(element.cssProperties)).toEqual([...read].sort());
  });

  it('lists every slot', async () => {
    const slots = new Set([...(await elementSources()).matchAll(/<slot name="([\w-]+)"/g)].map(([, name]) => name!));
    expect(names(element.slots)).toEqual([...slots].sort());
  });

  it('describes every attribute, property, method, event, slot, part and custom property', () => {
    const all = [...element.attributes, ...element.members, ...element.events, ...element.slots, ...element.cssParts, ...element.cssProperties];
    expect(all.filter((entry) => !entry.description?.trim()).map((entry) => entry.name)).toEqual([]);
  });
});

describe('src/react.ts', () => {
  it('types every property a script can set as a React prop', async () => {
    const react = await readFile(join(repository, 'src/react.ts'), 'utf8');
    const picked = react.slice(react.indexOf('Pick<'), react.indexOf('>', react.indexOf('Pick<') + 5));
    const props = [...picked.matchAll(/\| '(\w+)'/g)].map(([, name]) => name!);
    const settable = element.members.filter((member) => member.kind === 'field' && !member.static && !member.readonly && member.privacy === undefined).map((member) => member.name);
    expect(settable).toEqual(expect.arrayContaining(['endpoint', 'headers', 'formValue']));
    expect(props.sort()).toEqual(settable.sort());
  });
});

describe('the docs of the element', () => {
  let section: string;
  beforeAll(async () => {
    const guides = ['docs/element.md', 'docs/forms.md', 'docs/styling-and-languages.md', 'docs/recovery.md'];
    section = (await Promise.all(guides.map((guide) => readFile(join(repository, guide), 'utf8')))).join('\n');
  });

  it('documents every attribute, property, method, event, slot, part and custom property of the manifest', () => {
    const statusParts = statuses.map((status) => `item-${status}`);
    const documented = [
      ...element.attributes,
      ...element.members.filter((member) => !member.static),
      ...element.events,
      ...element.slots,
      ...element.cssParts.filter((part) => !statusParts.includes(part.name)),
      ...element.cssProperties,
    ].map((entry) => entry.name);
    expect(section.length).toBeGreaterThan(0);
    expect(documented.filter((name) => !section.includes(`\`${name}`))).toEqual([]);
    // The row parts per status are documented as `item-<status>`, with the statuses listed.
    expect(section).toContain('`item-<status>`');
    expect(statuses.filter((status) => !section.includes(`\`${status}\``))).toEqual([]);
  });
});

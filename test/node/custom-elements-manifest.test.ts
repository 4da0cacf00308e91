// custom-elements.json comes from the element's JSDoc. These checks compare it with what the
// sources really render, emit and style, and with the docs, so neither can fall behind.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemStatuses } from '../../src/queue/item/item-status.ts';
import { actionsFor } from '../../src/element/rows/item-row.ts';
import { elementProperties, type ElementPropertyName } from '../../src/element/properties.ts';
import type { ResumableUploadElement } from '../../src/element/resumable-upload.ts';
import type { ResumableUploadProperties } from '../../src/react.ts';
import type { LitElement } from 'lit';

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
// Edit (`image-editor`) is beside the status's actions on image rows.
const actions = [...new Set(statuses.flatMap((status) => Object.values(actionsFor(status))).filter((action) => action !== undefined)), 'edit'];
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

// Checked by `tsc`: the element's public members are its listed properties, its methods and its
// read-only getters, nothing else; and the React props are exactly the listed properties. A field
// added to the class and not to src/element/properties.ts fails here (and would not be reactive).
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
type ElementMethod = 'addFiles' | 'checkValidity' | 'reportValidity' | 'formResetCallback' | 'formDisabledCallback' | 'startAll' | 'pauseAll' | 'resumeAll' | 'cancelAll';
type ElementGetter = 'items' | 'form' | 'validity' | 'validationMessage';
/** `lang` is HTMLElement's, made a property of the element. */
type OwnMember = Exclude<keyof ResumableUploadElement, Exclude<keyof LitElement, 'lang'>>;
export type EveryMemberListed = Holds<Same<OwnMember, ElementPropertyName | ElementMethod | ElementGetter>>;
export type ReactPropsAreTheList = Holds<Same<keyof ResumableUploadProperties, ElementPropertyName>>;
export type ReactPropsKeepTheTypes = Holds<Same<NonNullable<ResumableUploadProperties['store']>, ResumableUploadElement['store']>>;

describe('src/element/properties.ts', () => {
  it('lists every property a script can set, as the manifest has them from the class', () => {
    const settable = element.members.filter((member) => member.kind === 'field' && !member.static && !member.readonly && member.privacy === undefined).map((member) => member.name);
    expect(settable).toEqual(expect.arrayContaining(['endpoint', 'headers', 'formValue']));
    expect(Object.keys(elementProperties).sort()).toEqual(settable.sort());
  });

  it('gives the manifest each attribute from the list, with its field\'s description', () => {
    const attributes = Object.entries(elementProperties as Record<string, { attribute?: string | false }>)
      .filter(([, options]) => options.attribute !== false)
      .map(([name, options]) => [options.attribute ?? name.toLowerCase(), name]);
    // `dragover`, read-only, has no property.
    const ofProperties = element.attributes.filter((attribute) => attribute.fieldName !== undefined);
    expect(ofProperties.map((attribute) => [attribute.name, attribute.fieldName])).toEqual(attributes);
    const fields = new Map(element.members.map((member) => [member.name, member]));
    for (const attribute of ofProperties) expect(attribute.description, attribute.name).toBe(fields.get(attribute.fieldName!)?.description);
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

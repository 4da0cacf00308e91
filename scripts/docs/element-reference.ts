// The element's reference, read from the custom-elements.json that `cem analyze` makes of its JSDoc:
// attributes and properties, methods and events (docs/element.md); parts, custom properties and
// slots (docs/styling-and-languages.md).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { table } from './blocks.ts';
import { repository } from './markdown.ts';

interface Entry {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
export interface ElementDeclaration {
  tagName: string;
  attributes: (Entry & { fieldName?: string })[];
  members: (Entry & { kind: 'field' | 'method'; static?: boolean; readonly?: boolean; privacy?: string; parameters?: (Entry & { optional?: boolean })[]; return?: { type?: { text: string } } })[];
  events: Entry[];
  slots: Entry[];
  cssParts: Entry[];
  cssProperties: Entry[];
}

/** custom-elements.json as `cem analyze` writes it now, from the sources (into a directory of its own). */
export async function analyzeElement(): Promise<ElementDeclaration> {
  const work = await mkdtemp(join(tmpdir(), 'resumable-upload-manifest-'));
  try {
    await promisify(execFile)(join(repository, 'node_modules/.bin/cem'), ['analyze', '--quiet', '--outdir', relative(repository, work)], { cwd: repository });
    const manifest = JSON.parse(await readFile(join(work, 'custom-elements.json'), 'utf8')) as { modules: { declarations?: ElementDeclaration[] }[] };
    const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'resumable-upload');
    if (!element) throw new Error('custom-elements.json has no <resumable-upload>');
    return element;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const code = (text: string | undefined) => (text === undefined || text === '' ? '—' : `\`${text}\``);
const described = (entry: Entry) => (entry.description ?? '').trim();

/** The properties JSX, Vue or a script can set: every attribute's field, and the public fields without one. */
export function settableProperties(element: ElementDeclaration): string[] {
  const fields = element.members.filter((member) => member.kind === 'field' && !member.static && !member.readonly && member.privacy === undefined);
  return fields.map((field) => field.name);
}

export function attributesReference(element: ElementDeclaration): string {
  const fields = new Map(element.members.map((member) => [member.name, member]));
  const withAttribute = new Set(element.attributes.map((attribute) => attribute.fieldName));
  const rows = [
    ...element.attributes.map((attribute) => {
      const field = attribute.fieldName === undefined ? undefined : fields.get(attribute.fieldName);
      return [code(attribute.name), code(attribute.fieldName), code((field ?? attribute).type?.text), code((field ?? attribute).default), described(attribute)];
    }),
    ...element.members
      .filter((member) => member.kind === 'field' && !member.static && member.privacy === undefined && !withAttribute.has(member.name))
      .map((member) => ['—', code(member.name), code(member.type?.text), code(member.default), `${member.readonly ? 'Read-only. ' : ''}${described(member)}`]),
  ];
  return table(['attribute', 'property', 'type', 'default', 'what it does'], rows);
}

export function methodsReference(element: ElementDeclaration): string {
  const methods = element.members.filter((member) => member.kind === 'method' && !member.static && member.privacy === undefined);
  return methods
    .map((method) => {
      const parameters = (method.parameters ?? []).map((parameter) => `${parameter.name}${parameter.optional ? '?' : ''}${parameter.type ? `: ${parameter.type.text}` : ''}`).join(', ');
      const returns = method.return?.type?.text;
      return `- \`${method.name}(${parameters})${returns ? `: ${returns}` : ''}\`: ${described(method).replace(/\s*\n\s*/g, ' ')}`;
    })
    .join('\n');
}

export function eventsReference(element: ElementDeclaration): string {
  return table(['event', 'type', 'when, and its `detail`'], element.events.map((event) => [code(event.name), code(event.type?.text), described(event)]));
}

export function partsReference(element: ElementDeclaration): string {
  return table(['part', 'what'], element.cssParts.map((part) => [code(part.name), described(part)]));
}

export function cssPropertiesReference(element: ElementDeclaration): string {
  return table(['property', 'default', 'what'], element.cssProperties.map((property) => [code(property.name), code(property.default), described(property)]));
}

export function slotsReference(element: ElementDeclaration): string {
  return table(['slot', 'what'], element.slots.map((slot) => [code(slot.name), described(slot)]));
}

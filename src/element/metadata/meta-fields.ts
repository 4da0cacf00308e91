import { UploadError } from '../../errors/upload-error.ts';

/**
 * One detail a person gives for each file (`metaFields`). Its `id` is the key of the file's
 * metadata it fills: `description` is Drive's description, `name` its name.
 */
export interface MetaField {
  /** The metadata key, unique among the fields. */
  id: string;
  /** The field's label, in the page's language. */
  label: string;
  /** The file waits ("Needs details") until this is filled in. */
  required?: boolean;
  /** A text area instead of a one-line input. */
  multiline?: boolean;
  /** A hint shown in the empty field (not a label). */
  placeholder?: string;
}

const KEYS: Record<keyof MetaField, 'string' | 'boolean'> = { id: 'string', label: 'string', required: 'boolean', multiline: 'boolean', placeholder: 'string' };
const SHAPE = "an array of { id, label, required?, multiline?, placeholder? }, such as [{ id: 'description', label: 'Caption', required: true }]";

/** The fields as given, checked: an `'invalid-option'` error naming `metaFields` and what is wrong, else the fields. */
export function checkMetaFields(value: unknown): readonly MetaField[] | UploadError {
  const wrong = (what: string) => new UploadError('invalid-option', `<resumable-upload> \`metaFields\` ${what}: use ${SHAPE}. Files fail until it is fixed.`);
  if (!Array.isArray(value)) return wrong(`is ${describe(value)}, not an array`);
  const ids = new Set<string>();
  for (const [index, field] of value.entries()) {
    const at = `[${index}]`;
    if (typeof field !== 'object' || field === null || Array.isArray(field)) return wrong(`${at} is ${describe(field)}, not an object`);
    for (const [key, given] of Object.entries(field as Record<string, unknown>)) {
      const expected = KEYS[key as keyof MetaField];
      if (!expected) return wrong(`${at} has an unknown key "${key}"`);
      if (typeof given !== expected && given !== undefined) return wrong(`${at}.${key} is ${describe(given)}, not a ${expected}`);
    }
    const { id, label } = field as Partial<MetaField>;
    if (!id?.trim()) return wrong(`${at}.id is missing`);
    if (!label?.trim()) return wrong(`${at}.label is missing`);
    if (ids.has(id)) return wrong(`${at}.id "${id}" is given twice`);
    ids.add(id);
  }
  return value as MetaField[];
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

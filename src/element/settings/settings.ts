// How each checked attribute is read, once; what each accepts, in words, loads only when one is
// wrong (./setting-problems.ts), with the code that says so.

const SIZE = /^(\d+(?:\.\d+)?|\.\d+)\s*(?:([kmgt])(i?)b|b)?$/i;

/**
 * Bytes from what people write: `100000`, `100 KB`, `10MB`, `1.5 GiB`. KB, MB, GB, TB count in
 * 1000s and KiB, MiB, GiB, TiB in 1024s, as SI and IEC define them; the case of the unit does not
 * matter; a fraction of a byte is dropped. Undefined when the value is none of these.
 */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const match = typeof value === 'string' ? SIZE.exec(value.trim()) : null;
  if (!match) return undefined;
  const [, amount, unit, binary] = match;
  // The epsilon keeps a decimal's float error (1.005 × 1000 = 1004.999…) from costing a byte.
  const bytes = Math.floor(Number(amount) * (binary ? 1024 : 1000) ** (unit ? 'kmgt'.indexOf(unit.toLowerCase()) + 1 : 0) + 1e-6);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * A size as the page wrote it, for people: `1 GiB` stays `1 GiB` (in the language's digits), not
 * `1.1 GB`; bytes alone, or a value that is not a size, give undefined (then `Intl` names the unit).
 */
export function writtenSize(value: unknown, lang: string): string | undefined {
  const [, amount, unit, binary] = (typeof value === 'string' && SIZE.exec(value.trim())) || [];
  return unit && `${Number(amount).toLocaleString(lang)} ${unit.toUpperCase()}${binary ? 'i' : ''}B`;
}

/** A whole number, at least `min` (the attribute is read as a number: NaN when it is not one). */
const count = (min: number) => (value: unknown) => (Number.isSafeInteger(value) && (value as number) >= min ? value : undefined);

/**
 * Each checked setting's value to use, or undefined when its value is not accepted; by property, in
 * the order a problem is named. The attribute is the property's name in kebab case (`maxFileSize`, `max-file-size`).
 */
export const SETTINGS = {
  endpoint: (value: unknown) => value || undefined,
  uploadType: (value: unknown) => (/^(resumable|media|multipart|auto)$/.test(value as string) ? value : undefined),
  chunkSize: (value: unknown) => {
    const bytes = parseSize(value);
    return bytes && bytes % 262_144 === 0 ? bytes : undefined; // 256 KiB, the protocol's quantum
  },
  maxFileSize: parseSize,
  minFileSize: parseSize,
  maxTotalSize: parseSize,
  maxFiles: count(0),
  concurrency: count(1),
  // `photo`, `video`, both in any order, or none (the bare attribute: both).
  camera: (value: unknown) => (/^(\s*(photo|video)\b){0,2}\s*$/.test(value as string) ? value : undefined),
};

export type SettingName = keyof typeof SETTINGS;

/** A property's attribute: `maxFileSize` → `max-file-size`. */
export const attributeOf = (property: string): string => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Is any setting given a value it does not accept? `valueOf` is undefined or null for one unset or not needed now. */
export const anyWrong = (valueOf: (name: SettingName) => unknown): boolean =>
  Object.entries(SETTINGS).some(([name, parse]) => valueOf(name as SettingName) != null && parse(valueOf(name as SettingName)) === undefined);

/**
 * The setting an `'invalid-option'` error names: the first name in backticks, with which the
 * engine's messages and the element's start; an engine option the element has an attribute for
 * by that attribute (`chunkSize` → `chunk-size`).
 */
export function settingOf(error: Error): string | undefined {
  const option = /`([^`]+)`/.exec(error.message)?.[1];
  return option && option in SETTINGS ? attributeOf(option) : option;
}

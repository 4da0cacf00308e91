// First-strong isolates keep a Latin file name from reordering the words around it in Persian,
// Arabic or Hebrew text (and the other way round); screen readers ignore them.
const FSI = '\u2068';
const PDI = '\u2069';

/** Fills `{key}` placeholders; each value is isolated so its direction cannot leak into the sentence. */
export function interpolate(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? `${FSI}${values[key]}${PDI}` : whole));
}

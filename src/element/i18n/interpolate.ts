// First-strong isolates keep a Latin file name from reordering the words around it in Persian,
// Arabic or Hebrew text (and the other way round); screen readers ignore them.
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Fills `{key}` placeholders. For text on screen each value is isolated so its direction cannot
 * leak into the sentence; text only spoken (labels, live region, `aria-valuetext`) is left plain,
 * so voice control and tests match it as written.
 */
export function interpolate(template: string, values: Record<string, string | number> = {}, isolate = true): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? (isolate ? `${FSI}${values[key]}${PDI}` : `${values[key]}`) : whole));
}

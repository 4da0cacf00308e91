import { html, nothing, type TemplateResult } from 'lit';
import type { Formatter } from '../i18n/format.ts';
import { interpolate } from '../i18n/interpolate.ts';
import type { UploadStrings } from '../i18n/strings.ts';
import { parseSize, writtenSize } from '../settings/settings.ts';
import type { Limits } from './describe.ts';

/**
 * The element's limits in the page's own terms: `accept`'s tokens as written, and each size limit
 * in the unit the page gave it (`sizes`: the size settings' values), matched by its bytes.
 */
export function limitsOf(accept: string, sizes: readonly unknown[], f: Formatter): Limits {
  const tokens = accept.split(',').map((token) => token.trim()).filter(Boolean);
  return {
    types: tokens.length ? f.oneOf(tokens) : '',
    size: (bytes) => sizes.map((value) => parseSize(value) === bytes && writtenSize(value, f.lang)).find(Boolean) || f.bytes(bytes),
  };
}

/**
 * Under the Choose button, and its description (`aria-describedby`): the types taken and the largest
 * file, before a file is chosen rather than after it is refused.
 */
export function limitsHint(limits: Limits, maxFileSize: number | undefined, t: UploadStrings): TemplateResult | typeof nothing {
  const lines = [limits.types && interpolate(t.acceptsTypes, { types: limits.types }), maxFileSize !== undefined && interpolate(t.acceptsMaxSize, { max: limits.size(maxFileSize) })];
  return lines.some(Boolean) ? html`<span class="limits" id="limits" part="limits">${lines.filter(Boolean).map((line) => html`<span>${line}</span> `)}</span>` : nothing;
}

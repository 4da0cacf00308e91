import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Formatter } from '../i18n/format.ts';
import { interpolate } from '../i18n/interpolate.ts';
import { fileName } from '../render/file-name.ts';
import type { BackgroundStrings } from '../i18n/background-strings.ts';
export { backgroundEnglish } from '../i18n/background-strings.ts';

/** An upload the browser runs or ran after its page was hidden or closed. */
export interface BackgroundRow {
  fingerprint: string;
  name: string;
  size: number;
  state: 'running' | 'done';
  /** Bytes the browser sent of the handed-off request (the registration's `uploaded`): sent, not stored. */
  sent: number;
  /** Where the handed-off request started: the bytes the server had confirmed. */
  from: number;
}

/** The list of them, above the interrupted ones; nothing while empty. `t`: the element's words, this part's English under them. */
export function backgroundList(rows: readonly BackgroundRow[], t: BackgroundStrings, f: Formatter): TemplateResult | typeof nothing {
  if (rows.length === 0) return nothing;
  return html`<ul part="background-list" aria-label=${t.backgroundLabel}>
    ${repeat(rows, (row) => row.fingerprint, (row) => backgroundRow(row, t, f))}
  </ul>`;
}

/** Laid out like an item's row: name, size, status and a bar; no buttons (the browser's own UI has them). */
export function backgroundRow(row: BackgroundRow, t: BackgroundStrings, f: Formatter): TemplateResult {
  const fraction = row.state === 'done' ? 1 : row.size > 0 ? Math.min(1, (row.from + row.sent) / row.size) : 0;
  const percent = f.percent(fraction);
  const id = `background-${row.fingerprint.slice(0, 16)}`;
  const status = row.state === 'done' ? t.backgroundDone : interpolate(t.backgroundRunning, { percent });
  return html`<li part="background-item" data-status=${`background-${row.state}`} data-fingerprint=${row.fingerprint}>
    ${fileName(row.name, id)}
    <span class="size" part="size">${f.bytes(row.size)}</span>
    <span class="status" part="status">${status}</span>
    <div class="bar" part="progress" role="progressbar" aria-labelledby=${id} aria-valuemin="0" aria-valuemax="100"
      aria-valuenow=${Math.floor(fraction * 100)} aria-valuetext=${status} style="--fraction: ${fraction}">
      <div class="fill" part="progress-indicator"></div>
    </div>
  </li>`;
}

import { html, type TemplateResult } from 'lit';

/**
 * Figures side by side (`42%, 4.2 MB of 10 MB`, `3.1 MB/s`, `2 min left`), each in a <bdi> so a
 * figure and its unit keep their order in any script, and apart by space (`.figure`) instead of a
 * character: ` · ` reads as the Persian zero `۰` between Persian digits. A narrow row wraps between
 * figures, never inside one.
 */
export function figures(values: readonly string[]): TemplateResult[] {
  return values.filter(Boolean).map((value) => html`<bdi class="figure">${value}</bdi> `);
}

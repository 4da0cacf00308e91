import { css, html, nothing, type TemplateResult } from 'lit';
import type { Formatter } from '../i18n/format.ts';
import { interpolate } from '../i18n/interpolate.ts';
import type { PluralMessage } from '../i18n/strings.ts';
import type { Tally } from '../../queue/item/tally.ts';
import type { Wording } from '../render/describe.ts';
import { figures } from '../render/figures.ts';

// The summary, its skip button and their rules load with the rows (rows/rows-part.ts), at the first
// file: a page without files, and most with one, need none of them. (The rules a row's have too, `.bar`, `.details`, are the element's.)

/** What the summary's buttons do; the element calls its method of the same name. */
export type SummaryAction = 'pauseAll' | 'resumeAll' | 'startAll' | 'cancelAll';

/** Which summary button a click on the summary pressed, if any. */
export function summaryActionOf(event: Event): SummaryAction | undefined {
  return (event.target as Element).closest<HTMLElement>('[data-summary-action]')?.dataset.summaryAction as SummaryAction | undefined;
}

/**
 * All files at once: one bar of the bytes the server confirmed over all files, files done, failed
 * and left, the overall speed and time left, and buttons that act on every file. `label` tells this
 * element's region from another's on the page (its label, or its number).
 */
export function summary(sum: Tally, { t, f }: Wording, onAction: (event: Event) => void, label = ''): TemplateResult {
  const fraction = sum.bytesTotal > 0 ? sum.bytesCommitted / sum.bytesTotal : sum.files > 0 && sum.done === sum.files ? 1 : 0;
  const values = { percent: f.percent(fraction), done: f.bytes(sum.bytesCommitted), total: f.bytes(sum.bytesTotal) };
  const speed = sum.left > 0 ? sum.bytesPerSecond : undefined;
  const left = speed ? (sum.bytesTotal - sum.bytesCommitted) / speed : undefined;
  const count = (message: PluralMessage, value: number) => interpolate(f.plural(message, value), { count: f.count(value) });
  // Its buttons' clicks are heard on the section itself: in a wrapper of its own size it could not stick.
  return html`<section class="summary" part="summary" aria-label=${label ? interpolate(t.summaryLabelOf, { label }, false) : t.summaryLabel} @click=${onAction}>
    <span class="name" id="summary-label">${t.summaryLabel}</span>
    <span class="status" part="summary-counts">${figures([count(t.summaryDone, sum.done), sum.failed ? count(t.summaryFailed, sum.failed) : '', count(t.summaryLeft, sum.left)])}</span>
    <div class="bar" part="summary-progress" role="progressbar" aria-labelledby="summary-label" aria-valuemin="0" aria-valuemax="100"
      aria-valuenow=${Math.floor(fraction * 100)} aria-valuetext=${interpolate(t.progress, values, false)} style="--fraction: ${fraction}">
      <div class="fill" part="progress-indicator"></div>
    </div>
    <span class="details" part="summary-details"
      >${figures([
        interpolate(t.progress, values),
        speed === undefined ? '' : f.speed(speed),
        left === undefined ? '' : interpolate(t.timeLeft, { time: f.duration(left) }),
      ])}</span
    >
    <span class="actions" part="summary-actions">
      ${sum.running > 0
        ? html`<button type="button" class="again" part="summary-button pause-all-button" data-summary-action="pauseAll">${t.pauseAll}</button>`
        : nothing}
      ${sum.paused > 0
        ? html`<button type="button" class="again" part="summary-button resume-all-button" data-summary-action="resumeAll">${t.resumeAll}</button>`
        : nothing}
      ${sum.failed > 0
        ? html`<button type="button" class="again" part="summary-button retry-all-button" data-summary-action="startAll">${t.retryAll}</button>`
        : nothing}
      ${sum.left + sum.failed > 0
        ? html`<button type="button" class="again" part="summary-button cancel-all-button" data-summary-action="cancelAll">${t.cancelAll}</button>`
        : nothing}
    </span>
  </section>`;
}

/**
 * Before a long list: a button, shown when focused, that takes the keyboard past the rows to the
 * summary's buttons (a thousand rows are two thousand Tabs).
 */
export function skipToSummary(label: string, root: ParentNode): TemplateResult {
  const skip = () => root.querySelector<HTMLElement>('[part~=summary] button')?.focus();
  return html`<button type="button" class="skip" part="skip-button" @click=${skip}>${label}</button>`;
}

/** What tells an element from others in its tree (the page, or the shadow root it sits in): its `<label>` or `aria-label`, else its number among several. */
export function regionLabel(host: HTMLElement, f: Formatter): string {
  // A `<label for>` names an element in its own tree only. By query: Firefox's `ElementInternals.labels` stays empty for it.
  const root = host.getRootNode() as Document | ShadowRoot;
  const own = (host.id && root.querySelector(`label[for="${CSS.escape(host.id)}"]`)?.textContent?.trim()) || host.getAttribute('aria-label');
  const all = [...root.querySelectorAll(host.localName)];
  return own || (all.length > 1 ? f.count(all.indexOf(host) + 1) : '');
}

// Title and counts side by side while they fit, else the counts below: never over each other. It
// sits below the list and stays in view (sticky) while a long list scrolls. The skip button is out of
// sight until the keyboard reaches it.
export const summaryStyles = css`
  .summary {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    margin-block-start: var(--_space);
    border-width: 2px;
    position: sticky;
    inset-block-end: 0;
    z-index: 1;
  }
  .summary .name {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .summary .bar,
  .summary .details,
  .summary .actions {
    flex-basis: 100%;
  }
  .summary .actions {
    flex-wrap: wrap;
  }
  .skip:not(:focus) {
    position: absolute;
    clip-path: inset(50%);
  }
  .skip {
    margin-block-start: var(--_space);
  }
`;

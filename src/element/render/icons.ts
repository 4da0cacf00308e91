import { html, type TemplateResult } from 'lit';

// Stroke icons drawn for this element, sized to the text and coloured by `currentColor`.
// Decorative only: every button carries its own label.
const icon = (paths: TemplateResult) =>
  html`<svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" stroke-width="2"
    stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;

export const icons = {
  choose: icon(html`<path d="M12 16V4M6 10l6-6 6 6M4 20h16" />`),
  start: icon(html`<path d="M8 5l11 7-11 7z" fill="currentColor" />`),
  resume: icon(html`<path d="M8 5l11 7-11 7z" fill="currentColor" />`),
  pause: icon(html`<path d="M9 6v12M15 6v12" stroke-width="2.5" />`),
  retry: icon(html`<path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />`),
  cancel: icon(html`<path d="M6 6l12 12M18 6L6 18" />`),
  remove: icon(html`<path d="M6 6l12 12M18 6L6 18" />`),
};

import { html, svg, type SVGTemplateResult } from 'lit';

// Stroke icons drawn for this element, sized to the text and coloured by `currentColor`.
// Decorative only: every button carries its own label. The paths need `svg`, not `html`, to be SVG elements.
export const icon = (paths: SVGTemplateResult) =>
  html`<svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" stroke-width="2"
    stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;

/** The picker's button's, at start; the rows' come with them (`icons.ts`). */
export const chooseIcon = icon(svg`<path d="M12 16V4M6 10l6-6 6 6M4 20h16" />`);

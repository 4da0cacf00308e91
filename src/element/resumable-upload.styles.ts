import { css } from 'lit';

// Why some rules are there (kept out of the CSS text, which ships as written):
// - `.choose` has a transparent border, not none: forced colours (Windows high contrast) draw it, so
//   the button keeps its outline; there the bar's fill is Highlight and its edge CanvasText, or track
//   and fill become one system colour and the bar vanishes.
// - The bar's edge, in the border colour, sets the empty track off from the row at 3:1 or more.
// - A long name is one run of text that ends in an ellipsis: split into boxes to shorten it in the middle,
//   it showed gaps and was read as two words.
// - Figures are apart by space alone: no character, so none is taken for a digit in any script; a
//   narrow row wraps between figures, never inside one.
// - Paused rows have a dashed edge and a striped bar, failed ones an error edge on the starting side:
//   they differ at a glance, not only in words.
// - A wide list (40rem and more) lays a row out in two lines, about half the height of four: name and
//   size, then status, bar and figures beside each other; a long reason wraps in its own column. A
//   status is at least 6em wide, so the bars of most rows start at one place.
//   Narrower, each goes on a line of its own, so nothing overlaps at 320 px or 400 % zoom.
// - In a narrow list (a phone) a row's size goes, as its details say it ("of 42 MB"), and the name
//   takes its place.
// - No row is a scroll anchor: a long list places its rendered rows itself, and the browser moving the
//   page after a render (to keep a row still) took the focused row off screen.
// - Rows are contained (layout, style): a row's text changing each frame lays out no other row.
// - Bars have no transition: they move with each drawing (at most ten a second while files upload).
//   A bar gliding from one drawing to the next would have the page draw every frame while any file
//   uploads (style, paint, a commit and the GPU process, for every frame).
// - The summary's own rules load with it (summary/summary.ts).
//
// Public custom properties (`--resumable-upload-*`) feed private ones (`--_*`), so a page sets a
// colour once and both schemes use it; unset ones fall back to the light or dark default.
export const styles = css`
  :host {
    --_accent: var(--resumable-upload-accent, #1a56db);
    --_on-accent: var(--resumable-upload-on-accent, #fff);
    --_text: var(--resumable-upload-text, #1f2328);
    --_muted: var(--resumable-upload-muted, #555d66);
    --_surface: var(--resumable-upload-surface, #fff);
    --_border: var(--resumable-upload-border, #8c959f);
    --_track: var(--resumable-upload-track, #dde1e6);
    --_error: var(--resumable-upload-error, #b3261e);
    --_success: var(--resumable-upload-success, #116329);
    --_focus: var(--resumable-upload-focus, var(--_accent));
    --_radius: var(--resumable-upload-radius, 0.5rem);
    --_space: var(--resumable-upload-spacing, 0.75rem);
    --_bar: var(--resumable-upload-bar-thickness, 0.5rem);
    display: block;
    font-family: var(--resumable-upload-font, inherit);
    color: var(--_text);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_accent: var(--resumable-upload-accent, #8ab4f8);
      --_on-accent: var(--resumable-upload-on-accent, #0b1a33);
      --_text: var(--resumable-upload-text, #e6edf3);
      --_muted: var(--resumable-upload-muted, #a3adb8);
      --_surface: var(--resumable-upload-surface, #161b22);
      --_border: var(--resumable-upload-border, #6e7681);
      --_track: var(--resumable-upload-track, #30363d);
      --_error: var(--resumable-upload-error, #ff9a8f);
      --_success: var(--resumable-upload-success, #7ee2a8);
    }
  }
  .words {
    display: contents;
  }
  :host([hidden]) {
    display: none;
  }

  .drop-zone {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 2);
    border: 2px dashed var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    transition: background-color 0.15s, border-color 0.15s;
  }
  :host([dragover]) .drop-zone {
    border-style: solid;
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 14%, var(--_surface));
  }
  :host([disabled]) .drop-zone {
    opacity: 0.6;
  }
  .limits {
    flex-basis: 100%;
    text-align: center;
    font-size: 0.875em;
  }
  .limits > span {
    margin-inline: 0.5em;
  }
  .hint,
  .limits,
  .empty,
  .size,
  .details {
    color: var(--_muted);
  }

  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    border-radius: var(--_radius);
  }
  button:focus-visible,
  li:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  button:disabled {
    cursor: not-allowed;
  }
  .choose {
    min-height: 2.75rem;
    padding: 0.5em 1.25em;
    border: 2px solid transparent;
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 600;
  }
  .icon {
    inline-size: 2.25rem;
    block-size: 2.25rem;
    padding: 0;
    border: 1px solid var(--_border);
    background: var(--_surface);
  }
  .again {
    min-block-size: 2.25rem;
    padding: 0 0.75em;
    border: 1px solid var(--_border);
    background: var(--_surface);
  }
  .icon:hover,
  .again:hover,
  .choose:hover {
    filter: brightness(1.1);
  }

  .empty {
    margin-block-start: var(--_space);
    text-align: center;
  }
  ul {
    container-type: inline-size;
    overflow-anchor: none;
    list-style: none;
    margin: var(--_space) 0 0;
    padding: 0;
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  li,
  .summary {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto;
    grid-template-areas:
      'name size actions'
      'status status actions'
      'bar bar bar'
      'details details details';
    align-items: center;
    gap: 0.25rem var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    contain: layout style;
  }
  li[data-item] {
    grid-template-columns: auto minmax(0, 1fr) auto auto;
    grid-template-areas:
      'thumb name size actions'
      'thumb status status actions'
      'bar bar bar bar'
      'details details details details';
  }
  @container (min-width: 40rem) {
    li {
      grid-template-columns: auto minmax(4rem, 1fr) auto auto;
      grid-template-areas:
        'name name size actions'
        'status bar bar actions';
      row-gap: 0.125rem;
      padding-block: 0.375rem;
    }
    li[data-item] {
      grid-template-columns: auto auto minmax(4rem, 1fr) auto auto;
      grid-template-areas:
        'thumb name name size actions'
        'thumb status bar details actions';
    }
    li[data-status='rejected'] {
      grid-template-areas:
        'thumb name name size actions'
        'thumb status status status actions';
    }
    .size {
      justify-self: end;
    }
    li .status {
      min-inline-size: 6em;
    }
  }
  @container (max-width: 28rem) {
    li[data-item] {
      grid-template-areas:
        'thumb name name actions'
        'thumb status status actions'
        'bar bar bar bar'
        'details details details details';
    }
    li[data-item]:not([data-status='rejected']) .size {
      display: none;
    }
  }
  .thumbnail {
    grid-area: thumb;
    display: grid;
    place-items: center;
    inline-size: 2.5rem;
    block-size: 2.5rem;
    border-radius: calc(var(--_radius) / 2);
    overflow: hidden;
    color: var(--_muted);
  }
  .thumbnail img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
  .name {
    grid-area: name;
    font-weight: 600;
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: pre;
  }
  .size {
    grid-area: size;
  }
  .status {
    grid-area: status;
  }
  .actions {
    grid-area: actions;
    display: flex;
    gap: 0.5rem;
  }
  .details {
    grid-area: details;
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }
  .figure {
    white-space: nowrap;
    margin-inline-end: 0.9em;
  }
  .details:empty {
    display: none;
  }
  [data-status='failed'] .status,
  [data-status='rejected'] .status {
    color: var(--_error);
  }
  [data-status='done'] .status {
    color: var(--_success);
  }

  .bar {
    grid-area: bar;
    display: grid;
    block-size: var(--_bar);
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_track);
    overflow: hidden;
  }
  /* Scaled, not resized: moving 100 bars costs no layout. */
  .fill,
  .sent {
    grid-area: 1 / 1;
    block-size: 100%;
    background: var(--_accent);
    transform: scaleX(var(--fraction, 0));
    transform-origin: left;
  }
  /* What the browser has sent and the server not yet confirmed: lighter, under the confirmed fill. */
  .sent {
    opacity: 0.35;
    transform: scaleX(var(--sent, 0));
  }
  .fill:dir(rtl),
  .sent:dir(rtl) {
    transform-origin: right;
  }
  [data-status='done'] .fill {
    background: var(--_success);
  }
  [data-status='failed'] .fill {
    background: var(--_error);
  }
  [data-status='paused'] {
    border-style: dashed;
  }
  [data-status='paused'] .fill {
    background: repeating-linear-gradient(-45deg, var(--_accent) 0 0.4rem, transparent 0.4rem 0.8rem);
  }
  [data-status='failed'],
  [data-status='rejected'] {
    border-color: var(--_error);
    border-inline-start-width: 0.3rem;
  }

  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  @media (forced-colors: active) {
    .bar {
      border-color: CanvasText;
    }
    .fill,
    [data-status] .fill {
      forced-color-adjust: none;
      background: Highlight;
    }
    [data-status='paused'] .fill {
      background: repeating-linear-gradient(-45deg, Highlight 0 0.4rem, transparent 0.4rem 0.8rem);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .drop-zone {
      transition: none;
    }
  }
`;

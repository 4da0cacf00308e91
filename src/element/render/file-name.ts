import { html, type TemplateResult } from 'lit';
import { shownName } from '../../utils/shown-name.ts';

/**
 * A file name as one run of text, so it reads as one word on screen, in the row's text and in every
 * name built from it (the progress bar's `aria-labelledby`); when too long for its row it ends in an
 * ellipsis, the whole name in `title`. In a <bdi>: its own direction in any language's row, and shown
 * without bidi controls (`shownName`).
 */
export function fileName(whole: string, id: string): TemplateResult {
  const name = shownName(whole);
  return html`<span class="name" part="name" id=${id} title=${name}><bdi>${name}</bdi></span>`;
}

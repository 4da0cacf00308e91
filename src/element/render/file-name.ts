import { html, type TemplateResult } from 'lit';
import { shownName } from '../../utils/shown-name.ts';

/** Characters kept whole at the end of a long name, besides its extension, so `report-2024-final.pdf` stays told apart. */
const TAIL = 6;

/**
 * A file name that, when too long for its row, is shortened in the middle: `quarterly-rep…final.pdf`,
 * so the extension and the end stay visible. The whole name is still the text (screen readers and
 * find in page read it all) and in `title`. In a <bdi>: its own direction in any language's row,
 * and shown without bidi controls (`shownName`).
 */
export function fileName(whole: string, id: string): TemplateResult {
  const name = shownName(whole);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.length - dot : 0;
  const cut = Math.max(0, name.length - extension - TAIL);
  return html`<span class="name" part="name" id=${id} title=${name}
    ><bdi class="name-text"><span class="name-start">${name.slice(0, cut)}</span><span class="name-end">${name.slice(cut)}</span></bdi></span
  >`;
}

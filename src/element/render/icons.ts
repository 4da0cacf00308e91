import { svg } from 'lit';
import { icon } from './choose-icon.ts';

/** The rows' buttons' icons, loaded with the rows (see `choose-icon.ts`). */
export const icons = {
  start: icon(svg`<path d="M8 5l11 7-11 7z" fill="currentColor" />`),
  resume: icon(svg`<path d="M8 5l11 7-11 7z" fill="currentColor" />`),
  pause: icon(svg`<path d="M9 6v12M15 6v12" stroke-width="2.5" />`),
  retry: icon(svg`<path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />`),
  cancel: icon(svg`<path d="M6 6l12 12M18 6L6 18" />`),
  // A bin, not Cancel's cross: Remove only takes a finished row off the list.
  edit: icon(svg`<path d="M6 2v16h16M2 6h16v16" />`),
  remove: icon(svg`<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />`),
};

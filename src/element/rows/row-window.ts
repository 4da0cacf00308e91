/**
 * Up to this many rows a list renders them all; a longer one renders a window of rows around the
 * screen. About a window's worth: measured on 2 cores, 50 rows rendered at once took a task of 55 to
 * 88 ms, a window of 1,000 none over 50 ms.
 */
export const ALL_ROWS_UP_TO = 20;
/** Rows kept beyond the screen on each side when the window moves (so scrolling a little moves nothing). */
const OVERSCAN_PX = 600;
/** The least kept beyond the screen before the window moves: at least the next row, for Tab to reach. */
const MARGIN_PX = 150;
/** The least rows a window holds, also when the list is off screen: its first screenful is ready. */
const MIN_ROWS = 12;

/** Indices of the items rendered: `first` up to, not including, `last`. */
export interface RowRange {
  first: number;
  last: number;
}

/**
 * The rows to render in a list of `count` rows of `pitch` pixels (a row and the gap after it) whose
 * top is `top` pixels below the top of a screen `screen` pixels high. The window rendered last stays
 * while it still covers the screen and a margin around it, so a scroll of a few pixels changes no row.
 */
export function rowRange(count: number, pitch: number, top: number, screen: number, previous: RowRange | undefined): RowRange {
  const rowAt = (y: number) => Math.min(count, Math.max(0, Math.floor(y / pitch)));
  const covers = (range: RowRange, margin: number) =>
    range.first <= rowAt(-top - margin) && range.last >= Math.min(count, rowAt(screen - top + margin) + 1) && range.last - range.first >= Math.min(count, MIN_ROWS);
  // Tall rows (a narrow screen) keep at least a row and a half around the screen, for Tab and Shift+Tab.
  if (previous && previous.last <= count && covers(previous, Math.max(MARGIN_PX, pitch * 1.5))) return previous;
  const overscan = Math.max(OVERSCAN_PX, pitch * 4);
  let first = rowAt(-top - overscan);
  let last = Math.min(count, rowAt(screen - top + overscan) + 1);
  if (last - first < MIN_ROWS) {
    last = Math.min(count, first + MIN_ROWS);
    first = Math.max(0, last - MIN_ROWS);
  }
  return { first, last };
}

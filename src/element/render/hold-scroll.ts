/** The box that scrolls `node` (walked as on screen, through slots and shadow roots), or the page. */
function scrollerOf(node: Node): Element | Window {
  for (let at: Node | null = node.parentNode; at; at = at instanceof ShadowRoot ? at.host : ((at as Element).assignedSlot ?? at.parentNode)) {
    if (!(at instanceof Element) || at === document.scrollingElement) continue;
    const { overflowY } = getComputedStyle(at);
    if ((overflowY === 'auto' || overflowY === 'scroll') && at.scrollHeight > at.clientHeight) return at;
  }
  return window;
}

/**
 * Puts back a scroll the browser made while the rows of a list were swapped, read right after the
 * writes: the list keeps its top and its height (its padding stands for the rows taken away), so
 * nothing else can have moved it. WebKit does move it: scrolled to the bottom of 1,000 rows, the page
 * went up by the height of the rows put in (1,398 px), and it has no `overflow-anchor` to opt out.
 */
export function holdScroll(list: HTMLElement, top: number): void {
  const drift = list.getBoundingClientRect().top - top;
  if (Math.abs(drift) >= 1) scrollerOf(list).scrollBy(0, drift);
}

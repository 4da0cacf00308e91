import { noChange, render, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ChildPart, type DirectiveResult, type PartInfo } from 'lit/directive.js';
import { ALL_ROWS_UP_TO, rowRange, type RowRange } from './row-window.ts';

/** What the list of rows is told on each render of the element. */
export interface RowListInput<T> {
  /** Every item, in order; a long list renders only those around the screen. */
  items: readonly T[];
  /** Items changed since the last render: only their rows render again. */
  changed: ReadonlySet<T>;
  /** Changes when every row must render again (the language, the words). */
  words: unknown;
  /** Items whose row changes by itself, a countdown: this value of theirs, when it changes, renders the row. */
  ticking: ReadonlySet<T>;
  tick(item: T): unknown;
  row(item: T): TemplateResult;
  /** The item's row left the page (scrolled out of the window, or the item left the list). */
  left(item: T): void;
}

interface Row {
  /** Comments around the row's own lit part, to take it away. */
  start: Comment;
  end: Comment;
  element: Element | undefined;
  tick: unknown;
  /** The `aria-posinset` and `aria-setsize` written on it. */
  place: number;
  size: number;
  /** Its top margin in pixels, written: the height of the rows not rendered just before it. */
  margin: number;
}

/** A row's height and the gap after it, before any was measured: about a row of the default style. */
const FIRST_PITCH_PX = 100;

/**
 * A keyed list whose cost per render is that of the rows that changed or came on screen: lit's
 * `repeat` goes over every item on every render, which with 1,000 files and a render per frame is
 * most of the frame. Each row is its own lit render (between two comments in the list), rendered
 * again only when its item changed, its countdown ticked, or the words changed.
 *
 * A list longer than `ALL_ROWS_UP_TO` is virtualized: only the rows around the screen are in the
 * page, and the list's padding stands for the others (at the measured height of a row), so the
 * browser styles, lays out and paints a few dozen rows, not 1,000. Each row says its place and the
 * list's length (`aria-posinset`, `aria-setsize`) for assistive technology. A row holding the focus
 * stays while it does, with its neighbours, each in its place, wherever the list is scrolled.
 */
class RowListDirective<T> extends Directive {
  readonly #rows = new Map<T, Row>();
  readonly #itemOf = new WeakMap<Element, T>();
  #words: unknown;
  #range: RowRange | undefined;
  /** The rows of the window, in order (not those kept outside it for the focus): measured next time. */
  #windowRows: Row[] = [];
  #pitch = FIRST_PITCH_PX;
  /** The list's padding as last written (the style reads it back in its own words). */
  #padding = '';

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('rowList() belongs in a list, as its only child');
  }

  render(_input: RowListInput<T>): unknown {
    return noChange;
  }

  override update(part: ChildPart, [input]: [RowListInput<T>]): unknown {
    const list = part.parentNode as HTMLElement;
    const { items } = input;
    const count = items.length;
    const rows = this.#rows;
    let range: RowRange = { first: 0, last: count };
    const pageY = scrollY;
    if (count > ALL_ROWS_UP_TO) {
      // Read before anything is written: the layout is the last frame's, nothing is laid out again.
      this.#measurePitch();
      const top = list.isConnected ? list.getBoundingClientRect().top : 0;
      range = rowRange(count, this.#pitch, top, innerHeight, this.#range);
      // Not in the page yet (the first render of the list): place the window once it is.
      if (!list.isConnected) queueMicrotask(() => (part.options?.host as { requestUpdate?(): void } | undefined)?.requestUpdate?.());
    }
    const moved = count > ALL_ROWS_UP_TO && range !== this.#range; // rowRange gives the last window back while it covers
    this.#range = range;

    // The items to show, in order, each with its index.
    const shown: [T, number][] = [];
    for (let index = range.first; index < range.last; index++) shown.push([items[index]!, index]);
    const inWindow = new Set(shown.map(([item]) => item));
    // A focused row scrolled out of the window stays, with the rows before and after it, each at its
    // own place in the list: Tab and Shift+Tab go on to the next and previous rows, which the browser
    // brings into view, as in a list rendered whole.
    const kept = this.#focused(list, inWindow);
    if (kept !== undefined) {
      const keptIndex = items.indexOf(kept); // one search, only while a focused row is scrolled away
      if (keptIndex >= 0) {
        for (let index = Math.max(0, keptIndex - 1); index <= Math.min(count - 1, keptIndex + 1); index++) {
          const item = items[index]!;
          if (!inWindow.has(item)) shown.push([item, index]), inWindow.add(item);
        }
        shown.sort((a, b) => a[1] - b[1]);
      }
    }

    for (const [item, row] of rows) {
      if (inWindow.has(item)) continue;
      takeAway(row);
      rows.delete(item);
      input.left(item);
    }

    const again = (item: T, row: Row | undefined) => {
      if (!row) return; // not on the page: it renders when it comes
      row.tick = input.tick(item);
      render(input.row(item), list, { ...part.options, renderBefore: row.end });
    };
    const everything = input.words !== this.#words;
    this.#words = input.words;
    if (everything) for (const [item, row] of rows) again(item, row);
    else {
      for (const item of input.changed) again(item, rows.get(item));
      for (const item of input.ticking) {
        const row = rows.get(item);
        if (row && !input.changed.has(item) && input.tick(item) !== row.tick) again(item, row);
      }
    }

    // Items keep their order, so the rows already there are in order: new ones go before the next shown.
    let before: Node | null = part.endNode;
    const windowRows: Row[] = [];
    for (let at = shown.length - 1; at >= 0; at--) {
      const [item, index] = shown[at]!;
      let row = rows.get(item);
      if (!row) {
        const start = document.createComment('');
        const end = document.createComment('');
        list.insertBefore(start, before);
        list.insertBefore(end, before);
        row = { start, end, element: undefined, tick: input.tick(item), place: 0, size: 0, margin: 0 };
        rows.set(item, row);
        render(input.row(item), list, { ...part.options, renderBefore: end });
      }
      before = row.start;
      // The rows not rendered between this one and the one before (a kept row apart from the window).
      this.#place(row, item, index, count, at > 0 ? index - shown[at - 1]![1] - 1 : 0);
      if (index >= range.first && index < range.last) windowRows.push(row);
    }
    this.#windowRows = windowRows.reverse();

    // The rows not rendered before the first row shown and after the last, as padding.
    const virtual = count > ALL_ROWS_UP_TO && shown.length > 0;
    const padding = virtual ? `${shown[0]![1] * this.#pitch}px 0 ${(count - shown.at(-1)![1] - 1) * this.#pitch}px` : '';
    if (padding !== this.#padding) list.style.padding = this.#padding = padding;
    // WebKit, with no overflow-anchor, scrolled the page up by the height of the rows put in when the
    // window moved (1,398 px at the bottom of 1,000 rows), although the list kept its top and height.
    // So then a layout now (reading scrollY lays out), and the page put back where it was: nothing else
    // can have moved it.
    if (moved && scrollY !== pageY) scrollTo(scrollX, pageY);
    return noChange;
  }

  /** The row's element (the same one from render to render) says where it stands in the whole list. */
  #place(row: Row, item: T, index: number, count: number, skip: number): void {
    let node = row.start.nextSibling;
    while (node && node !== row.end && node.nodeType !== Node.ELEMENT_NODE) node = node.nextSibling;
    const element = node && node !== row.end ? (node as Element) : undefined;
    if (element !== row.element) {
      row.element = element;
      row.place = row.size = row.margin = 0;
      if (element) this.#itemOf.set(element, item);
    }
    if (!element) return;
    if (row.place !== index + 1) element.setAttribute('aria-posinset', String((row.place = index + 1)));
    if (row.size !== count) element.setAttribute('aria-setsize', String((row.size = count)));
    const margin = skip > 0 ? skip * this.#pitch : 0;
    if (row.margin !== margin) (element as HTMLElement).style.marginBlockStart = (row.margin = margin) ? `${margin}px` : '';
  }

  /** The item whose row holds the focus, when it is not in the window. */
  #focused(list: HTMLElement, inWindow: ReadonlySet<T>): T | undefined {
    const active = (list.getRootNode() as Document | ShadowRoot).activeElement;
    const row = active && list.contains(active) ? active.closest('li') : null;
    const item = row ? this.#itemOf.get(row) : undefined;
    return item === undefined || inWindow.has(item) ? undefined : item;
  }

  /** A row's height and gap, from the rows of the window as laid out: changes of under 2 % are left, so it settles. */
  #measurePitch(): void {
    const measured = this.#windowRows.filter((row) => row.element?.isConnected);
    if (measured.length < 2) return;
    const first = measured[0]!.element!.getBoundingClientRect().top;
    const last = measured.at(-1)!.element!.getBoundingClientRect().top;
    const pitch = (last - first) / (measured.length - 1);
    if (pitch > 0 && Math.abs(pitch - this.#pitch) > this.#pitch * 0.02) this.#pitch = pitch;
  }
}

function takeAway({ start, end }: Row): void {
  const range = document.createRange();
  range.setStartBefore(start);
  range.setEndAfter(end);
  range.deleteContents();
}

/** The rows of a list, each rendered again only when its item changed; see `RowListDirective`. */
export const rowList = directive(RowListDirective) as <T>(input: RowListInput<T>) => DirectiveResult;

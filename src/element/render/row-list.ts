import { noChange, render, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ChildPart, type DirectiveResult, type PartInfo } from 'lit/directive.js';

/** What the list of rows is told on each render of the element. */
export interface RowListInput<T> {
  /** The items to show, in order (those past the row budget come in later renders, at the end). */
  shown: readonly T[];
  /** Items changed since the last render: only their rows render again. */
  changed: ReadonlySet<T>;
  /** Changes when items leave the list. */
  removals: number;
  /** Changes when every row must render again (the language, the words). */
  words: unknown;
  /** Items whose row changes by itself, a countdown: this value of theirs, when it changes, renders the row. */
  ticking: ReadonlySet<T>;
  tick(item: T): unknown;
  row(item: T): TemplateResult;
}

interface Row {
  /** Comments around the row's own lit part, to take it away. */
  start: Comment;
  end: Comment;
  tick: unknown;
}

/**
 * A keyed list whose cost per render is that of the rows that changed: lit's `repeat` goes over
 * every item on every render, which with 1,000 files and a render per frame is most of the frame.
 * Each row is its own lit render (between two comments in the list), rendered again only when its
 * item changed, its countdown ticked, or the words changed.
 */
class RowListDirective<T> extends Directive {
  readonly #rows = new Map<T, Row>();
  #removals: number | undefined;
  #words: unknown;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('rowList() belongs in a list, as its only child');
  }

  render(_input: RowListInput<T>): unknown {
    return noChange;
  }

  override update(part: ChildPart, [input]: [RowListInput<T>]): unknown {
    const rows = this.#rows;
    const everything = input.words !== this.#words;
    this.#words = input.words;
    if (input.removals !== this.#removals) {
      this.#removals = input.removals;
      // Items left: the rare case, worth a look at the whole list.
      const kept = new Set(input.shown);
      for (const [item, row] of rows) {
        if (kept.has(item)) continue;
        takeAway(row);
        rows.delete(item);
      }
    }
    const again = (item: T, row: Row | undefined) => {
      if (!row) return; // not shown yet: it renders when it is
      row.tick = input.tick(item);
      render(input.row(item), part.parentNode as HTMLElement, { ...part.options, renderBefore: row.end });
    };
    if (everything) for (const [item, row] of rows) again(item, row);
    else {
      for (const item of input.changed) again(item, rows.get(item));
      for (const item of input.ticking) {
        const row = rows.get(item);
        if (row && !input.changed.has(item) && input.tick(item) !== row.tick) again(item, row);
      }
    }
    // What remains is the start of `shown`, in order; new items come after it.
    for (let index = rows.size; index < input.shown.length; index++) {
      const item = input.shown[index]!;
      const start = document.createComment('');
      const end = document.createComment('');
      part.parentNode.insertBefore(start, part.endNode);
      part.parentNode.insertBefore(end, part.endNode);
      rows.set(item, { start, end, tick: input.tick(item) });
      render(input.row(item), part.parentNode as HTMLElement, { ...part.options, renderBefore: end });
    }
    return noChange;
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

import type { ReactiveController, ReactiveElement } from 'lit';

/**
 * A keyboard user who pressed Remove, or whose Pause button went when the upload finished, must
 * not be thrown back to the top of the page: after a render that removed the focused control,
 * focus goes to its row's last button when the person pressed that control (Cancel gives way to
 * Remove), to the row itself when it went on its own (an upload that finished under Pause: a late
 * Enter must not land on Remove), else to a neighbour row's first button, else the Choose button;
 * a summary button's, to the summary's first button, else the last row's.
 */
export class FocusController implements ReactiveController {
  readonly #host: ReactiveElement;
  /** False while files are listed whose rows have not come yet (their code loads with the first file). */
  readonly #ready: () => boolean;
  /** The last focused control inside, to put focus back nearby when its row changes or goes. */
  #focused: { element: HTMLElement; row: string | undefined; index: number; summary: boolean } | undefined;
  #listening = false;
  /**
   * The control the person pressed since the last update: the one whose going is their doing. The
   * update after a press answers it, so a press of Pause, then Resume on the same button, does not
   * make its going later (the upload finished) their doing.
   */
  #pressed: EventTarget | undefined;

  constructor(host: ReactiveElement, ready: () => boolean) {
    this.#host = host;
    this.#ready = ready;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#listening) return;
    this.#listening = true;
    // On the shadow root, not the host: moves of focus inside it do not reach the host.
    this.#host.renderRoot.addEventListener('focusin', this.#onFocusIn as EventListener);
    this.#host.renderRoot.addEventListener('focusout', this.#onFocusOut as EventListener);
    this.#host.renderRoot.addEventListener('click', (event) => (this.#pressed = (event.target as Element).closest?.('button') ?? undefined));
  }

  hostUpdated(): void {
    // Where the focus goes depends on the rows: decided once they are drawn.
    if (!this.#ready()) return;
    const focused = this.#focused;
    const pressed = this.#pressed;
    this.#pressed = undefined;
    if (!focused || focused.element.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    const root = this.#host.renderRoot;
    const rows = [...root.querySelectorAll('li')];
    const own = rows.find((li) => li.dataset.item === focused.row);
    // In its own row, the button left once pressed (Cancel gives way to Remove), else the row; in a
    // neighbour's, its first button, never Cancel: a second Enter (after Choose again, after Remove)
    // must not cancel an upload. A summary
    // button that went (Pause all becomes Resume all) gives way to the summary's first, else the last row's.
    const target =
      (focused.summary ? root.querySelector<HTMLElement>('[part~=summary] button') : null) ??
      (own
        ? pressed === focused.element
          ? own.querySelector<HTMLElement>('button:last-of-type')
          : Object.assign(own, { tabIndex: -1 })
        : (rows[Math.min(focused.index, rows.length - 1)]?.querySelector<HTMLElement>('button') ?? root.querySelector<HTMLElement>('.choose')));
    target?.focus();
  }

  /**
   * Focus moved out of the element (a click elsewhere, Tab away): nothing to keep any more, so a
   * row that changes later never pulls focus back (and the page's scroll with it). A control that is
   * removed while focused is no longer connected by then: that one is kept, to move focus nearby.
   */
  #onFocusOut = (event: FocusEvent) => {
    const element = event.target as HTMLElement;
    queueMicrotask(() => {
      if (element.isConnected && !this.#host.matches(':focus-within') && this.#focused?.element === element) this.#focused = undefined;
    });
  };

  #onFocusIn = (event: FocusEvent) => {
    const element = event.target as HTMLElement;
    const row = element.closest?.('li');
    const rows = [...this.#host.renderRoot.querySelectorAll('li')];
    const summary = !!element.closest?.('[part~=summary]');
    this.#focused = { element, row: row?.dataset.item, index: row ? rows.indexOf(row) : summary ? rows.length : -1, summary };
    // A row the sticky summary covers scrolls into full view above it (WCAG 2.4.11): the browser
    // scrolls only to what is off screen, and the summary is on screen.
    const over = this.#host.renderRoot.querySelector<HTMLElement>('[part~=summary]');
    if (row && over && row.getBoundingClientRect().bottom > over.getBoundingClientRect().top && !summary) {
      row.style.scrollMarginBlockEnd = `${over.offsetHeight}px`;
      row.scrollIntoView({ block: 'nearest' });
    }
  };
}

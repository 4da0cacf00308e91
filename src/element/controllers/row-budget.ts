import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The time one frame may spend making new rows, well under the 50 ms of a long task. */
const FRAME_BUDGET_MS = 24;

/**
 * Grows a long list over a few frames: each render adds only as many new rows as fit in a frame's
 * budget (measured: the cost of a row depends on the machine and its load), so 1,000 files added at
 * once appear over some ten frames instead of in one long task that freezes the page.
 */
export class RowBudget implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #rendered = 0;
  #added = 0;
  #perFrame = 50;
  #startedAt = 0;
  #more = false;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The rows to render this time: those rendered already, plus as many more as the budget allows. */
  take<T>(items: readonly T[]): readonly T[] {
    const limit = this.#rendered + this.#perFrame;
    const shown = items.length > limit ? items.slice(0, limit) : items;
    this.#added = shown.length - this.#rendered;
    this.#rendered = shown.length;
    this.#more = shown.length < items.length;
    return shown;
  }

  hostUpdate(): void {
    this.#startedAt = performance.now();
  }

  hostUpdated(): void {
    // Only a render that added many rows says what one costs; the first rows of a list are cheap to guess.
    if (this.#added >= 10) {
      const perRow = (performance.now() - this.#startedAt) / this.#added;
      this.#perFrame = Math.max(10, Math.floor(FRAME_BUDGET_MS / perRow));
    }
    if (this.#more) this.#host.requestUpdate();
  }
}

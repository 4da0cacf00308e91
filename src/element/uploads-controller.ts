import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Happening } from './announce/announcer.ts';
import { emit } from './events/emit.ts';
import type { UploadItem } from '../queue/item/upload-item.ts';
import type { UploadQueueEventMap } from '../queue/queue-events.ts';
import type { QueueCore } from '../queue/queue-core.ts';

/** The queue's events that the element fires again, as its own. */
const FIRED = ['upload-add', 'upload-reject', 'upload-start', 'upload-progress', 'upload-success', 'upload-error', 'upload-cancel'] as const;

/** What a status change says through the live region, when it says something. */
const SAID: Partial<Record<UploadItem['status'], Happening>> = {
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
  offline: 'offline',
  background: 'background',
  paused: 'paused',
};

/**
 * The element as a view over its queue: fires the queue's events from the element (bubbling,
 * composed), says what happened, and asks the host to render. The host renders at most once per
 * animation frame however many changes arrive, and only the rows of the items that changed.
 */
export class UploadsController implements ReactiveController {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #queue: QueueCore;
  #ticker: ReturnType<typeof setTimeout> | undefined;
  readonly #retrying = new Set<UploadItem>();
  /** Items changed since the rows last rendered: only their rows render again. */
  #changed = new Set<UploadItem>();

  constructor(host: ReactiveControllerHost & EventTarget, queue: QueueCore, announce: (happening: Happening, item: UploadItem) => void) {
    this.#host = host;
    this.#queue = queue;
    host.addController(this);
    queue.subscribe(() => host.requestUpdate());
    for (const type of FIRED) {
      queue.addEventListener(type, (event: UploadQueueEventMap[typeof type]) => {
        // The same detail object: what a listener of the element's `upload-add` sets, the queue reads.
        if (!emit(host, type, event.detail as never, event.cancelable)) event.preventDefault();
      });
    }
    queue.addEventListener('upload-progress', ({ detail }) => this.revise(detail.item));
    queue.addEventListener('upload-sent', ({ detail }) => this.revise(detail.item));
    queue.addEventListener('upload-start', ({ detail }) => announce('start', detail.item));
    queue.addEventListener('upload-reject', ({ detail }) => announce('rejected', detail.item));
    queue.addEventListener('upload-status', ({ detail: { item, previous } }) => {
      const { status } = item;
      if (status === 'retrying') this.#retrying.add(item);
      else this.#retrying.delete(item);
      if (status !== previous) {
        const said = SAID[status] ?? (previous === 'paused' ? 'resumed' : previous === 'offline' ? 'online' : undefined);
        if (said) announce(said, item);
      }
      // Each attempt's countdown, also when one retry follows another.
      if (status === 'retrying' && item.retryAt !== undefined) announce('retrying', item);
      this.revise(item);
    });
  }

  /** Items waiting to try again, whose rows count down. */
  get retrying(): ReadonlySet<UploadItem> {
    return this.#retrying;
  }

  /** The items changed since the last call: their rows render again. */
  takeChanged(): ReadonlySet<UploadItem> {
    const changed = this.#changed;
    this.#changed = new Set();
    return changed;
  }

  /** Renders the item's row again: on each change of the item, and when its thumbnail arrives. */
  revise(item: UploadItem): void {
    this.#changed.add(item);
    this.#host.requestUpdate();
  }

  hostConnected(): void {
    // The engine is a chunk of its own (see loadEngine): fetched at idle, before the first file needs it.
    this.#queue.preload();
  }

  hostDisconnected(): void {
    // Uploads go on while the element is out of the page (it may be moved); only the clock stops.
    clearTimeout(this.#ticker);
    this.#ticker = undefined;
  }

  hostUpdated(): void {
    this.#tickWhileRetrying();
  }

  /** "Retrying in 3 s" counts down: render again when the soonest countdown reaches its next second. */
  #tickWhileRetrying(): void {
    if (this.#ticker !== undefined) return;
    const now = performance.now();
    let wait = Infinity;
    for (const { retryAt } of this.#retrying) {
      if (retryAt !== undefined && retryAt > now) wait = Math.min(wait, (retryAt - now) % 1000 || 1000);
    }
    if (wait === Infinity) return;
    this.#ticker = setTimeout(() => {
      this.#ticker = undefined;
      this.#host.requestUpdate();
    }, wait + 10);
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UploadOptions } from '../engine/options.ts';
import { emit } from './events/emit.ts';
import type { UploadAddEventDetail } from './events/upload-add.ts';
import { isActive } from '../engine/state.ts';
import type { ItemStatus } from '../queue/item/item-status.ts';
import { UploadItem, type IncomingFile, type ItemHost } from '../queue/item/upload-item.ts';
import { prefetchEngine } from '../queue/item/load-engine.ts';
import type { Happening } from './announce/announcer.ts';
import { checkFile, type FileRules, type Rejection } from '../queue/validation/check-file.ts';
import { RunningTally, type Tally } from '../queue/item/tally.ts';

/** What the element tells the list; read at the moment it is needed, so attribute changes apply at once. */
export interface UploadsSettings {
  rules(): FileRules;
  multiple(): boolean;
  auto(): boolean;
  concurrency(): number;
  optionsFor(item: UploadItem): Promise<UploadOptions>;
  /** Something worth saying through the live region happened to a file. */
  announce(happening: Happening, item: UploadItem): void;
}

/**
 * Between the engine and the element: holds the list, starts files as places free up
 * (`concurrency`), turns engine events into the element's `upload-*` events, and asks the host to
 * render. The host renders at most once per animation frame however many engine events arrive.
 */
export class UploadsController implements ReactiveController, ItemHost {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #settings: UploadsSettings;
  #items: UploadItem[] = [];
  /** Set while the list itself starts or stops items, so it does not start more than `concurrency`. */
  #holding = false;
  #ticker: ReturnType<typeof setTimeout> | undefined;
  // Counted as items change, so work per event does not grow with the list (1,000 files).
  /** How many items hold one of the `concurrency` places. */
  #active = 0;
  /** Each item's place in the order of adding, which is the list's order. */
  readonly #order = new WeakMap<UploadItem, number>();
  #added = 0;
  /** Items that were queued, in the list's order; one that left the queue since is skipped when its turn comes. */
  #queue: UploadItem[] = [];
  readonly #inQueue = new Set<UploadItem>();
  readonly #retrying = new Set<UploadItem>();
  /** The done items, in the list's order: what a form sends. */
  #done: UploadItem[] = [];
  /** Items changed since the rows last rendered: only their rows render again. */
  #changed = new Set<UploadItem>();
  readonly #tally = new RunningTally();

  constructor(host: ReactiveControllerHost & EventTarget, settings: UploadsSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  get items(): readonly UploadItem[] {
    return this.#items;
  }

  /** The list's totals, kept up to date as items change. */
  get tally(): Tally {
    return this.#tally.current;
  }

  /** The items done, in the list's order. */
  get done(): readonly UploadItem[] {
    return this.#done;
  }

  /** Changes whenever a file becomes done or a done file leaves the list. */
  get doneChanges(): number {
    return this.#tally.doneChanges;
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

  hostConnected(): void {
    // The engine is a chunk of its own (see loadEngine): fetched at idle, before the first file needs it.
    prefetchEngine();
  }

  hostDisconnected(): void {
    // Uploads go on while the element is out of the page (it may be moved); only the clock stops.
    clearTimeout(this.#ticker);
    this.#ticker = undefined;
  }

  hostUpdated(): void {
    this.#tickWhileRetrying();
  }

  /** Validates, lists and (with `auto`) queues files; returns the items added. */
  add(files: Iterable<IncomingFile>): UploadItem[] {
    const added: UploadItem[] = [];
    const multiple = this.#settings.multiple();
    const rules = this.#settings.rules();
    const { files: count, bytesTotal: bytes } = this.#tally.current;
    const listed = { count, bytes };
    this.#hold(() => {
      for (const incoming of files) {
        const { file, relativePath } = incoming;
        let rejection: Rejection | undefined = !multiple && added.length > 0 ? { reason: 'multiple' } : checkFile(file, rules, listed);
        if (!rejection) {
          const detail: UploadAddEventDetail = { file, relativePath };
          if (!emit(this.#host, 'upload-add', detail, true)) {
            if (detail.silent) continue;
            rejection = { reason: 'cancelled-by-app', message: detail.message };
          }
        }
        const item = new UploadItem(incoming, this, rejection);
        this.#items.push(item);
        this.#order.set(item, this.#added++);
        this.#tally.update(item);
        if (rejection) {
          emit(this.#host, 'upload-reject', { file, item, reason: rejection.reason });
          this.#settings.announce('rejected', item);
          continue;
        }
        listed.count++;
        listed.bytes += file.size;
        added.push(item);
        if (this.#settings.auto()) item.start();
      }
    });
    this.#host.requestUpdate();
    return added;
  }

  startAll(): void {
    this.#hold(() => this.#items.forEach((item) => (item.status === 'failed' ? item.retry() : item.start())));
  }

  pauseAll(): void {
    this.#hold(() => this.#items.forEach((item) => item.pause()));
  }

  resumeAll(): void {
    this.#hold(() => this.#items.forEach((item) => item.resume()));
  }

  cancelAll(): void {
    this.#hold(() => [...this.#items].forEach((item) => item.cancel()));
  }

  /** Empties the list (a form reset): what is under way is cancelled first. */
  clear(): void {
    this.#hold(() => [...this.#items].forEach((item) => item.cancel()));
    this.#items = [];
    this.#queue = [];
    this.#inQueue.clear();
    this.#done = [];
    this.#retrying.clear();
    this.#tally.clear();
    this.#host.requestUpdate();
  }

  /** Starts queued items while fewer than `concurrency` are active. */
  pump(): void {
    if (this.#holding) return;
    this.#holding = true;
    try {
      const limit = Math.max(1, this.#settings.concurrency() || 1);
      while (this.#active < limit) {
        const next = this.#queue.shift();
        if (!next) return;
        this.#inQueue.delete(next);
        if (next.status === 'queued') void next.run();
      }
    } finally {
      this.#holding = false;
    }
  }

  // ItemHost: called by the items.

  async optionsFor(item: UploadItem): Promise<UploadOptions> {
    return this.#settings.optionsFor(item);
  }

  started(item: UploadItem): void {
    emit(this.#host, 'upload-start', { file: item.file, item, upload: item.upload! });
    this.#settings.announce('start', item);
  }

  progressed(item: UploadItem): void {
    const upload = item.upload!;
    emit(this.#host, 'upload-progress', { file: item.file, item, upload, bytesCommitted: upload.bytesCommitted, bytesTotal: upload.bytesTotal });
    this.revise(item);
  }

  changed(item: UploadItem, previous: ItemStatus): void {
    const { file, upload, status } = item;
    this.#active += Number(isActive(status)) - Number(isActive(previous));
    if (status === 'queued') this.#enqueue(item);
    if (status === 'done' && previous !== 'done') this.#inOrder(this.#done, item);
    if (status === 'retrying') this.#retrying.add(item);
    else this.#retrying.delete(item);
    if (status !== previous) {
      if (item.status === 'done') {
        emit(this.#host, 'upload-success', { file, item, upload: upload!, result: item.result! });
        this.#settings.announce('done', item);
      } else if (item.status === 'failed') {
        emit(this.#host, 'upload-error', { file, item, upload, error: item.error! });
        this.#settings.announce('failed', item);
      } else if (item.status === 'cancelled') {
        emit(this.#host, 'upload-cancel', { file, item, upload });
        this.#settings.announce('cancelled', item);
      } else if (item.status === 'offline' || item.status === 'background' || item.status === 'paused') {
        this.#settings.announce(item.status, item);
      } else if (previous === 'paused') {
        this.#settings.announce('resumed', item);
      } else if (previous === 'offline') {
        this.#settings.announce('online', item);
      }
    }
    // Each attempt's countdown, also when one retry follows another.
    if (status === 'retrying' && item.retryAt !== undefined) this.#settings.announce('retrying', item);
    this.revise(item);
    this.pump();
  }

  removed(item: UploadItem): void {
    this.#items = this.#items.filter((other) => other !== item);
    this.#retrying.delete(item);
    if (item.status === 'done') this.#done = this.#done.filter((other) => other !== item);
    this.#tally.remove(item);
    this.#host.requestUpdate();
  }

  /** Puts the item in the queue at its place in the list: an earlier file queued again goes first. */
  #enqueue(item: UploadItem): void {
    if (this.#inQueue.has(item)) return; // still there, at its place
    this.#inQueue.add(item);
    this.#inOrder(this.#queue, item);
  }

  /** Inserts the item into a list kept in the list's order (found by halves: no visit to the others). */
  #inOrder(queue: UploadItem[], item: UploadItem): void {
    const order = (other: UploadItem) => this.#order.get(other)!;
    const place = order(item);
    let low = 0;
    let high = queue.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(queue[middle]!) < place) low = middle + 1;
      else high = middle;
    }
    if (low === queue.length) queue.push(item);
    else queue.splice(low, 0, item);
  }

  #hold(action: () => void): void {
    const outer = !this.#holding;
    this.#holding = true;
    try {
      action();
    } finally {
      if (outer) this.#holding = false;
    }
    if (outer) this.pump();
  }

  /** Renders the item's row again: on each change of the item, and when its thumbnail arrives. */
  revise(item: UploadItem): void {
    this.#changed.add(item);
    this.#tally.update(item);
    this.#host.requestUpdate();
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

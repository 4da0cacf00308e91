import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UploadOptions } from '../engine/options.ts';
import { emit } from './events/emit.ts';
import type { UploadAddEventDetail } from './events/upload-add.ts';
import { isActive } from '../engine/state.ts';
import type { ItemStatus } from './item/item-status.ts';
import { UploadItem, type IncomingFile, type ItemHost } from './item/upload-item.ts';
import { prefetchEngine } from './item/load-engine.ts';
import type { Happening } from './announce/announcer.ts';
import { checkFile, type FileRules, type Listed, type Rejection } from './validation/check-file.ts';

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
  /** Items before this index are not queued; moves back when an item is queued again or one goes. */
  #queuedFrom = 0;
  readonly #retrying = new Set<UploadItem>();
  /** Bumped on every change of an item, so its row renders again only then. */
  readonly #revisions = new WeakMap<UploadItem, number>();

  constructor(host: ReactiveControllerHost & EventTarget, settings: UploadsSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  get items(): readonly UploadItem[] {
    return this.#items;
  }

  /** Changes with every status change or progress of the item (its row's render key). */
  revisionOf(item: UploadItem): number {
    return this.#revisions.get(item) ?? 0;
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
    const listed = this.#listed();
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
    this.#host.requestUpdate();
  }

  /** Starts queued items while fewer than `concurrency` are active. */
  pump(): void {
    if (this.#holding) return;
    this.#holding = true;
    try {
      const limit = Math.max(1, this.#settings.concurrency() || 1);
      while (this.#active < limit) {
        while (this.#queuedFrom < this.#items.length && this.#items[this.#queuedFrom]!.status !== 'queued') this.#queuedFrom++;
        const next = this.#items[this.#queuedFrom];
        if (!next) return;
        void next.run();
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
    if (status === 'queued') this.#queuedFrom = 0;
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
      } else if (item.status === 'offline') {
        this.#settings.announce('offline', item);
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
    this.#queuedFrom = 0;
    this.#host.requestUpdate();
  }

  /** What `max-files` and `max-total-size` count: the files listed, less those rejected or cancelled. */
  #listed(): Listed {
    const listed: Listed = { count: 0, bytes: 0 };
    for (const { status, file } of this.#items) {
      if (status === 'rejected' || status === 'cancelled') continue;
      listed.count++;
      listed.bytes += file.size;
    }
    return listed;
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
    this.#revisions.set(item, this.revisionOf(item) + 1);
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

import type { UploadOptions } from '../engine/options.ts';
import { isActive } from '../engine/state.ts';
import { UploadError } from '../errors/upload-error.ts';
import type { StoredUpload } from '../storage/stored-upload.ts';
import type { InterruptedList } from './interrupted-list.ts';
import type { SessionStanding } from './session-standing.ts';
import type { ItemStatus } from './item/item-status.ts';
import { prefetchEngine } from './item/load-engine.ts';
import { RunningTally, type Tally } from './item/tally.ts';
import { UploadItem, type IncomingFile, type ItemHost } from './item/upload-item.ts';
import type { UploadAddEventDetail, UploadQueueEventMap } from './queue-events.ts';
import { queueSettings, type QueueSettings, type UploadOptionsOf, type UploadQueueOptions } from './queue-options.ts';
import { checkFile, type FileRules, type Rejection } from './validation/check-file.ts';

/**
 * The queue at one moment. A new snapshot replaces it only when something changed (an item's status
 * or bytes, the list, the interrupted uploads), so comparing snapshots by identity tells whether to
 * render again (React's `useSyncExternalStore` does).
 */
export interface QueueSnapshot {
  /**
   * Every listed file, rejected ones included, in the order added. The same array until a file is
   * added or removed; the items are live (`item.status`, `item.bytesCommitted` are read as they are now).
   */
  readonly items: readonly UploadItem[];
  /** The list's totals. */
  readonly tally: Tally;
  /** The done items, in the list's order. */
  readonly done: readonly UploadItem[];
  /** The uploads of `endpoint` that a reload or a closed tab interrupted, from the store (see `refreshInterrupted()`). */
  readonly interrupted: readonly StoredUpload[];
}

/**
 * The queue, its settings read as given: the base of `UploadQueue`, which checks them first. The
 * element builds this one, as it checks its attributes itself (a page's start carries no second check).
 */
export class QueueCore extends EventTarget implements ItemHost {
  readonly #settings: QueueSettings;
  readonly #upload: UploadOptionsOf | undefined;
  readonly #holds: ((item: UploadItem) => boolean) | undefined;
  /** Loaded with the store's code when the store is first read: a page shows its list without it. */
  #interrupted: InterruptedList | undefined;
  #interruptedLoad: Promise<InterruptedList> | undefined;
  readonly #listeners = new Set<() => void>();
  /** The snapshot of now; undefined once something changed, until asked for again. */
  #snapshot: QueueSnapshot | undefined;
  /** The last snapshot given: an array it holds is copied before it changes, so a snapshot never changes. */
  #given: QueueSnapshot | undefined;
  #items: UploadItem[] = [];
  #done: UploadItem[] = [];
  /** Set while the list itself starts or stops items, so it does not start more than `concurrency`. */
  #holding = false;
  /** A change made while holding, which the listeners hear of once the hold ends. */
  #unheard = false;
  // Counted as items change, so work per event does not grow with the list (1,000 files).
  /** How many items hold one of the `concurrency` places. */
  #active = 0;
  /** Each item's place in the order of adding, which is the list's order. */
  readonly #order = new WeakMap<UploadItem, number>();
  #added = 0;
  /** Items that were queued, in the list's order; one that left the queue since is skipped when its turn comes. */
  #queue: UploadItem[] = [];
  readonly #inQueue = new Set<UploadItem>();
  readonly #tally = new RunningTally();

  constructor(options: UploadQueueOptions = {}) {
    super();
    this.#settings = queueSettings(options);
    this.#upload = options.upload;
    this.#holds = options.hold;
  }

  /** What the queue holds now; the same object until something changes. */
  snapshot(): QueueSnapshot {
    return (this.#snapshot ??= this.#given = { items: this.#items, tally: this.#tally.current, done: this.#done, interrupted: this.interrupted });
  }

  /** Calls `listener` after each change (then `snapshot()` gives a new object); returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void {
    const own = () => listener(); // the same function may subscribe twice
    this.#listeners.add(own);
    return () => void this.#listeners.delete(own);
  }

  /** Every listed file, rejected ones included, in the order added. */
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

  /** The uploads of `endpoint` that a reload or a closed tab interrupted, as last read (`refreshInterrupted()`). */
  get interrupted(): readonly StoredUpload[] {
    return this.#interrupted?.records ?? [];
  }

  /** Changes whenever a file becomes done or a done file leaves the list. */
  get doneChanges(): number {
    return this.#tally.doneChanges;
  }

  /** Fetches the engine when the page is idle, so the first file does not wait for it. */
  preload(): void {
    prefetchEngine();
  }

  /**
   * Checks, lists and (with `auto`) queues files; returns the items added. A rejected file is
   * listed too, as `'rejected'` with its reason, and fires `upload-reject`. A `File`'s
   * `relativePath` is its `webkitRelativePath` if it has one, else its name.
   */
  add(files: Iterable<File | IncomingFile>): UploadItem[] {
    const given = [...files].map((entry) => (entry instanceof File ? { file: entry, relativePath: entry.webkitRelativePath || entry.name } : entry));
    const incoming = this.#interrupted?.withKeptPaths(given) ?? given;
    const added: UploadItem[] = [];
    const settings = this.#settings;
    const multiple = settings('multiple');
    const rules = this.#rules();
    const { files: count, bytesTotal: bytes } = this.#tally.current;
    const listed = { count, bytes };
    this.#hold(() => {
      for (const entry of incoming) {
        const { file, relativePath } = entry;
        let rejection: Rejection | undefined = !multiple && added.length > 0 ? { reason: 'multiple' } : checkFile(file, rules, listed);
        if (!rejection) {
          const detail: UploadAddEventDetail = { file, relativePath };
          if (!this.#emit('upload-add', detail, true)) {
            if (detail.silent) continue;
            rejection = { reason: 'cancelled-by-app', message: detail.message };
          }
        }
        const item = new UploadItem(entry, this, rejection);
        this.#ownItems().push(item);
        this.#order.set(item, this.#added++);
        this.#tally.update(item);
        this.#snapshot = undefined; // listeners hear of it once all are in
        if (rejection) {
          this.#emit('upload-reject', { file, item, reason: rejection.reason });
          continue;
        }
        listed.count++;
        listed.bytes += file.size;
        added.push(item);
        if (settings('auto')) item.start();
      }
    });
    this.#changed();
    this.#interrupted?.taken(added.map((item) => item.file));
    return added;
  }

  /** Starts the files waiting for it (`auto: false`) and retries failed ones. */
  startAll(): void {
    this.#hold(() => this.#items.forEach((item) => (item.status === 'failed' ? item.retry() : item.start())));
  }

  /** Retries every failed file; each continues its session. */
  retryAll(): void {
    this.#hold(() => this.#items.forEach((item) => item.retry()));
  }

  /** Pauses every file under way or waiting in the queue. */
  pauseAll(): void {
    this.#hold(() => this.#items.forEach((item) => item.pause()));
  }

  /** Puts paused files back in the queue; each goes on from the bytes the server has. */
  resumeAll(): void {
    this.#hold(() => this.#items.forEach((item) => item.resume()));
  }

  /** Cancels every file not finished, for good: each upload stops and its session is ended on the server. */
  cancelAll(): void {
    this.#hold(() => [...this.#items].forEach((item) => item.cancel()));
  }

  /** Empties the list: what is under way is cancelled first. */
  clear(): void {
    this.cancelAll();
    this.#items = [];
    this.#queue = [];
    this.#inQueue.clear();
    this.#done = [];
    this.#tally.clear();
    this.#changed();
  }

  /** Starts queued files while fewer than `concurrency` are active; call it after raising a `concurrency` given as a function. */
  pump(): void {
    if (this.#holding) return;
    this.#holding = true;
    // Those `hold` keeps back stay at the head of the queue, in order, looked at again on each pump.
    const held: UploadItem[] = [];
    try {
      const limit = Math.max(1, this.#settings('concurrency') || 1);
      while (this.#active < limit) {
        const next = this.#queue.shift();
        if (!next) break;
        const kept = next.status === 'queued' ? this.#keptBack(next) : false;
        if (kept) held.push(next);
        else if (kept === false && (this.#inQueue.delete(next), next.status === 'queued')) void next.run();
      }
    } finally {
      this.#queue.unshift(...held);
      this.#holding = false;
      if (this.#unheard) this.#changed();
    }
  }

  /** Reads the interrupted uploads of `endpoint` from the store again (they are in `snapshot().interrupted`). */
  async refreshInterrupted(): Promise<void> {
    const settings = this.#settings;
    // With no store, nothing was kept: the store's code is not loaded for nothing. Its chunk lost
    // (the network) leaves nothing to offer, as a store that fails does.
    if (this.#interrupted || (settings('endpoint') && settings('store'))) await this.#interruptedList().then((list) => list.refresh(), () => {});
  }

  /** True when an interrupted upload's file can be read from its kept handle (`resumeInterrupted`); false: add the file again. */
  canResume(record: StoredUpload): boolean {
    return !!this.#interrupted?.canResume(record);
  }

  /**
   * Where an interrupted upload's session stands, as its server answered a status query made when it
   * was listed: the bytes it holds, `'gone'`, `'asking'` until it answers, or `'unanswered'`.
   */
  standingOf(record: StoredUpload): SessionStanding {
    return this.#interrupted?.standingOf(record) ?? 'asking';
  }

  /**
   * Adds an interrupted upload's file again, read from its kept handle (call it from a click:
   * permission may be asked); it goes on from the bytes the server has. Undefined when the file
   * must be chosen again (`canResume(record)` is false from then on), or while an earlier call reads it.
   */
  async resumeInterrupted(record: StoredUpload): Promise<UploadItem | undefined> {
    const file = await (await this.#interruptedList()).fileOf(record);
    return file && this.add([{ file, relativePath: file.name, fileHandle: record.fileHandle }])[0];
  }

  /** Forgets an interrupted upload and ends its session on the server. */
  async discardInterrupted(record: StoredUpload): Promise<void> {
    return (await this.#interruptedList()).discard(record);
  }

  #rules(): FileRules {
    const settings = this.#settings;
    return {
      accept: settings('accept'),
      maxFileSize: settings('maxFileSize'),
      minFileSize: settings('minFileSize'),
      maxFiles: settings('maxFiles'),
      maxTotalSize: settings('maxTotalSize'),
    };
  }

  // ItemHost: called by the items.

  rejectionOf(item: UploadItem, file: File): Rejection | undefined {
    // Checked as the file it replaces was: the list holds the others, and the old file is counted no more.
    return checkFile(file, { ...this.#rules(), maxFiles: undefined }, { count: 0, bytes: this.#tally.current.bytesTotal - item.file.size });
  }

  async optionsFor(item: UploadItem): Promise<UploadOptions> {
    const given = typeof this.#upload === 'function' ? await this.#upload(item) : this.#upload;
    const endpoint = this.#settings('endpoint') || undefined;
    // The relative path is kept with the session: a file chosen again after a reload gets it back.
    return { endpoint, store: this.#settings('store'), relativePath: item.relativePath, fileHandle: item.fileHandle, ...given };
  }

  started(item: UploadItem): void {
    this.#emit('upload-start', { file: item.file, item, upload: item.upload! });
  }

  progressed(item: UploadItem): void {
    const upload = item.upload!;
    this.#tally.update(item); // before the event: its listeners read the tally too
    this.#emit('upload-progress', { file: item.file, item, upload, bytesCommitted: upload.bytesCommitted, bytesTotal: upload.bytesTotal });
    this.#changed();
  }

  sent(item: UploadItem): void {
    this.#emit('upload-sent', { item });
    this.#changed();
  }

  changed(item: UploadItem, previous: ItemStatus): void {
    const { file, upload, status } = item;
    this.#active += Number(isActive(status)) - Number(isActive(previous));
    if (status === 'queued') this.#enqueue(item);
    if (status === 'done' && previous !== 'done') this.#inOrder(this.#ownDone(), item);
    this.#tally.update(item);
    this.#changed();
    if (status !== previous) {
      if (status === 'done') this.#emit('upload-success', { file, item, upload: upload!, result: item.result! });
      else if (status === 'failed') this.#emit('upload-error', { file, item, upload, error: item.error! });
      else if (status === 'cancelled') this.#emit('upload-cancel', { file, item, upload });
      else if (status === 'rejected') this.#emit('upload-reject', { file, item, reason: item.rejection! }); // its file replaced by one the rules refuse
    }
    this.#emit('upload-status', { item, previous });
    this.pump();
  }

  removed(item: UploadItem): void {
    this.#items = this.#items.filter((other) => other !== item);
    if (item.status === 'done') this.#done = this.#done.filter((other) => other !== item);
    this.#tally.remove(item);
    this.#changed();
  }

  #interruptedList(): Promise<InterruptedList> {
    const settings = this.#settings;
    return (this.#interruptedLoad ??= import('./interrupted-list.ts').then(({ InterruptedList }) => {
      const listed = () => this.#items.map((item) => item.file);
      return (this.#interrupted = new InterruptedList({ endpoint: () => settings('endpoint'), store: () => settings('store'), listed, changed: () => this.#changed() }));
    }));
  }

  /**
   * `hold`'s word on a queued item. One it throws for leaves the queue and fails with an
   * `'invalid-option'` error naming it (undefined): not lost, and `retry()` asks again.
   */
  #keptBack(item: UploadItem): boolean | undefined {
    try {
      return !!this.#holds?.(item);
    } catch (cause) {
      this.#inQueue.delete(item);
      item.fail(new UploadError('invalid-option', `\`hold\` threw for ${item.relativePath}.`, { cause }));
    }
  }

  #emit<K extends keyof UploadQueueEventMap>(type: K, detail: UploadQueueEventMap[K]['detail'], cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, cancelable }));
  }

  /** Something changed: the next `snapshot()` is a new one, and the listeners hear of it. */
  #changed(): void {
    this.#snapshot = undefined;
    // Inside add() or a call for all (a thousand files started), listeners hear of it once, at its end.
    this.#unheard = this.#holding;
    if (!this.#unheard) for (const listener of this.#listeners) listener();
  }

  /** The list, to change: copied first if a snapshot holds it. */
  #ownItems(): UploadItem[] {
    if (this.#given?.items === this.#items) this.#items = [...this.#items];
    return this.#items;
  }

  /** The done items, to change: copied first if a snapshot holds them. */
  #ownDone(): UploadItem[] {
    if (this.#given?.done === this.#done) this.#done = [...this.#done];
    return this.#done;
  }

  /** Puts the item in the queue at its place in the list: an earlier file queued again goes first. */
  #enqueue(item: UploadItem): void {
    if (this.#inQueue.has(item)) return; // still there, at its place
    this.#inQueue.add(item);
    this.#inOrder(this.#queue, item);
  }

  /** Inserts the item into a list kept in the list's order (found by halves: no visit to the others). */
  #inOrder(list: UploadItem[], item: UploadItem): void {
    const order = (other: UploadItem) => this.#order.get(other)!;
    const place = order(item);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(list[middle]!) < place) low = middle + 1;
      else high = middle;
    }
    list.splice(low, 0, item);
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
}

// Typed listeners: `queue.addEventListener('upload-progress', (e) => e.detail.bytesCommitted)`.
export interface QueueCore {
  addEventListener<K extends keyof UploadQueueEventMap>(
    type: K,
    listener: (this: QueueCore, event: UploadQueueEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof UploadQueueEventMap>(
    type: K,
    listener: (this: QueueCore, event: UploadQueueEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

import type { UploadItem } from '../../queue/item/upload-item.ts';
import { makeThumbnail } from './make-thumbnail.ts';

/** What the thumbnails see of the element: its items, and a way to render a row again. */
export interface ThumbnailsSettings {
  items(): readonly UploadItem[];
  /** The item's thumbnail arrived: its row renders again. */
  changed(item: UploadItem): void;
}

/**
 * Makes the pictures of image and video rows as they come on screen (an IntersectionObserver on each
 * row's thumbnail cell), keeps their object URLs, and revokes them when a row goes or the element
 * leaves the page. Loaded with the first such row.
 */
export class ThumbnailMaker {
  readonly #root: ShadowRoot;
  readonly #settings: ThumbnailsSettings;
  /** Undefined while being made (or when the browser could not decode the file). */
  readonly #urls = new Map<UploadItem, string | undefined>();
  /** The file each picture is of: an item whose file was replaced (an edited image) gets a new one. */
  readonly #files = new WeakMap<UploadItem, File>();
  readonly #observer = new IntersectionObserver((entries) => void this.#onVisible(entries), { rootMargin: '200px' });
  #listed = 0;

  /** Each watched thumbnail cell's item, and each watched item's cell. */
  readonly #cells = new WeakMap<Element, UploadItem>();
  readonly #watched = new Map<UploadItem, Element>();

  constructor(root: ShadowRoot, settings: ThumbnailsSettings) {
    this.#root = root;
    this.#settings = settings;
  }

  /** Whether the item's row is watched for coming on screen already. */
  watches(item: UploadItem): boolean {
    return this.#watched.has(item);
  }

  has(item: UploadItem): boolean {
    if (this.#urls.has(item) && this.#files.get(item) !== item.file) this.forget(item);
    return this.#urls.has(item);
  }

  urlOf(item: UploadItem): string | undefined {
    return this.#files.get(item) === item.file ? this.#urls.get(item) : undefined;
  }

  /** After a render: revoke the pictures of rows gone; watch the rows of `asking` (found by their name's id, not a search of the list). */
  update(asking: ReadonlySet<UploadItem>): void {
    const items = this.#settings.items();
    if (this.#urls.size > 0 && items.length < this.#listed) this.#revokeGone(items);
    this.#listed = items.length;
    for (const item of asking) {
      const cell = this.#root.getElementById(item.id)?.closest('li')?.querySelector<HTMLElement>('[data-pending]');
      if (!cell) continue;
      delete cell.dataset.pending;
      this.#cells.set(cell, item);
      this.#watched.set(item, cell);
      this.#observer.observe(cell);
    }
  }

  /** The item's row left the page: its picture's URL is revoked, its cell no longer watched. */
  forget(item: UploadItem): void {
    const cell = this.#watched.get(item);
    if (cell) this.#observer.unobserve(cell);
    this.#watched.delete(item);
    const url = this.#urls.get(item);
    if (url) URL.revokeObjectURL(url);
    this.#urls.delete(item);
  }

  clear(): void {
    this.#observer.disconnect();
    this.#watched.clear();
    for (const url of this.#urls.values()) if (url) URL.revokeObjectURL(url);
    this.#urls.clear();
    this.#listed = 0;
  }

  async #onVisible(entries: IntersectionObserverEntry[]): Promise<void> {
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting) continue;
      this.#observer.unobserve(target);
      const item = this.#cells.get(target);
      if (item) this.#watched.delete(item);
      if (!item || this.#urls.has(item)) continue;
      const { file } = item;
      this.#urls.set(item, undefined);
      this.#files.set(item, file);
      const url = await makeThumbnail(file);
      if (!url) continue;
      // The row went while its picture was made, or went and came back and another one was made first, or its file was replaced.
      if (!this.#urls.has(item) || this.#urls.get(item) !== undefined || this.#files.get(item) !== file) {
        URL.revokeObjectURL(url);
        continue;
      }
      this.#urls.set(item, url);
      this.#settings.changed(item);
    }
  }

  #revokeGone(items: readonly UploadItem[]): void {
    const listed = new Set(items);
    for (const [item, url] of this.#urls) {
      if (listed.has(item)) continue;
      if (url) URL.revokeObjectURL(url);
      this.#urls.delete(item);
    }
  }
}

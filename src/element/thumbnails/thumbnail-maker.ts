import type { UploadItem } from '../item/upload-item.ts';
import { makeThumbnail } from './make-thumbnail.ts';
import type { ThumbnailsSettings } from './thumbnails-controller.ts';

/**
 * Makes the pictures of image rows as they come on screen (an IntersectionObserver on each row's
 * thumbnail cell), keeps their object URLs, and revokes them when a row goes or the element leaves
 * the page. Loaded with the first image row.
 */
export class ThumbnailMaker {
  readonly #root: ParentNode;
  readonly #settings: ThumbnailsSettings;
  /** Undefined while being made (or when the browser could not decode the file). */
  readonly #urls = new Map<UploadItem, string | undefined>();
  readonly #observer = new IntersectionObserver((entries) => void this.#onVisible(entries), { rootMargin: '200px' });
  #listed = 0;

  constructor(root: ParentNode, settings: ThumbnailsSettings) {
    this.#root = root;
    this.#settings = settings;
  }

  has(item: UploadItem): boolean {
    return this.#urls.has(item);
  }

  urlOf(item: UploadItem): string | undefined {
    return this.#urls.get(item);
  }

  /** After a render: revoke the pictures of rows gone; with `asked`, watch the new rows that want one. */
  update(asked: boolean): void {
    const items = this.#settings.items();
    if (this.#urls.size > 0 && items.length < this.#listed) this.#revokeGone(items);
    this.#listed = items.length;
    if (!asked) return;
    for (const cell of this.#root.querySelectorAll<HTMLElement>('[data-pending]')) {
      delete cell.dataset.pending;
      this.#observer.observe(cell);
    }
  }

  clear(): void {
    this.#observer.disconnect();
    for (const url of this.#urls.values()) if (url) URL.revokeObjectURL(url);
    this.#urls.clear();
    this.#listed = 0;
  }

  async #onVisible(entries: IntersectionObserverEntry[]): Promise<void> {
    const items = this.#settings.items();
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting) continue;
      this.#observer.unobserve(target);
      const id = target.closest('li')?.dataset.item;
      const item = items.find((candidate) => candidate.id === id);
      if (!item || this.#urls.has(item)) continue;
      this.#urls.set(item, undefined);
      const url = await makeThumbnail(item.file);
      if (!url) continue;
      if (!this.#urls.has(item)) {
        URL.revokeObjectURL(url); // the row went while its picture was made
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

import type { ReactiveController, ReactiveElement } from 'lit';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import type { ThumbnailMaker, ThumbnailsSettings } from './thumbnail-maker.ts';

/** Images larger than this get the icon: decoding them costs more than a thumbnail is worth (a video's first frame does not cost more in a larger file). */
const MAX_BYTES = 50_000_000;

/**
 * Thumbnails for image and video rows (the others show their file-type icon, drawn by CSS): a row
 * that wants one is marked `data-pending`; the code that watches rows come on screen and makes the
 * pictures loads with the first such row (`thumbnail-maker.ts`; `video-frame.ts` with the first video).
 */
export class ThumbnailsController implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #settings: ThumbnailsSettings;
  #maker: ThumbnailMaker | undefined;
  #loading: Promise<void> | undefined;
  /** Rows rendered since the last update that asked for a picture and are not watched yet: only theirs are looked up (1,000 rows, every frame). */
  #asking = new Set<UploadItem>();

  constructor(host: ReactiveElement, settings: ThumbnailsSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  /** The item's thumbnail, once made; undefined: its row shows the file-type icon. */
  urlOf(item: UploadItem): string | undefined {
    return this.#maker?.urlOf(item);
  }

  /** Whether the item's row should ask for a thumbnail: an image or a video not made nor being made yet. */
  wants(item: UploadItem): boolean {
    const { type, size } = item.file;
    const wants = (type.startsWith('video/') || (type.startsWith('image/') && size <= MAX_BYTES)) && typeof createImageBitmap === 'function' && !this.#maker?.has(item);
    if (wants && !this.#maker?.watches(item)) this.#asking.add(item);
    return wants;
  }

  /** The item's row left the page (a long list renders the rows on screen): its picture goes, and is made again if it comes back. */
  forget(item: UploadItem): void {
    this.#asking.delete(item);
    this.#maker?.forget(item);
  }

  hostUpdated(): void {
    if (this.#maker) return this.#maker.update(this.#takeAsking());
    // Rows that ask while the code loads wait for it with the first.
    if (this.#asking.size === 0) return;
    this.#loading ??= import('./thumbnail-maker.ts').then(({ ThumbnailMaker }) => {
      this.#maker = new ThumbnailMaker(this.#host.renderRoot as ShadowRoot, this.#settings);
      this.#maker.update(this.#takeAsking());
    });
  }

  #takeAsking(): ReadonlySet<UploadItem> {
    const asking = this.#asking;
    this.#asking = new Set();
    return asking;
  }

  hostDisconnected(): void {
    this.#maker?.clear();
  }
}

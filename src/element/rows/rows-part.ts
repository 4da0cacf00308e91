import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { Tally } from '../../queue/item/tally.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import { adoptStyles } from '../render/adopt-styles.ts';
import { adoptTypeIcons } from '../render/type-icons.ts';
import type { Wording } from '../render/describe.ts';
import { itemRow, type ItemAction, type RowPart } from './item-row.ts';
import { rowList } from './row-list.ts';
import { ALL_ROWS_UP_TO } from './row-window.ts';
import { ScrollWatch } from './scroll-watch.ts';
import { regionLabel, skipToSummary, summary, summaryActionOf, summaryStyles, type SummaryAction } from '../summary/summary.ts';
import { ThumbnailsController } from '../thumbnails/thumbnails-controller.ts';

/** What the element tells its rows; read at the moment it is needed. */
export interface RowsSettings {
  items(): readonly UploadItem[];
  tally(): Tally;
  /** Items changed since the rows last rendered: only their rows render again. */
  takeChanged(): ReadonlySet<UploadItem>;
  /** Items counting down to a retry: their rows render again each second. */
  retrying(): ReadonlySet<UploadItem>;
  /** Renders the item's row again (its thumbnail came). */
  revise(item: UploadItem): void;
  /** A person acted (a click on a row's button, a scroll of a long list): drawn on the next frame. */
  asked(): void;
  /** The words of this moment, for the image editor. */
  wording(): Wording;
  imageEditor(): boolean;
  /** A feature's own part of a row (the details form). */
  extra(item: UploadItem, wording: Wording): RowPart | undefined;
  /** A summary button: the element's method of that name. */
  all(action: SummaryAction): void;
}

/**
 * The list of files: its rows, their pictures and buttons, the window of a long list, and the
 * summary (with its rules). Loaded with the first file: a page whose element waits for files needs
 * none of it. The items are the queue's, there from the moment they are added: the rows show them
 * all, in order, once this has come.
 */
export class RowsPart {
  readonly #host: ReactiveElement;
  readonly #settings: RowsSettings;
  readonly #thumbnails: ThumbnailsController;

  constructor(host: ReactiveElement, settings: RowsSettings) {
    this.#host = host;
    this.#settings = settings;
    // The summary's rules and the file-type icons with the rows' first drawing: styled once, not
    // again a frame later when a chunk of their own came.
    adoptStyles(host.renderRoot as ShadowRoot, summaryStyles);
    adoptTypeIcons(host.renderRoot as ShadowRoot);
    this.#thumbnails = new ThumbnailsController(host, { items: settings.items, changed: settings.revise });
    new ScrollWatch(host, () => settings.items().length > ALL_ROWS_UP_TO && (settings.asked(), true));
  }

  /** The list (with the summary's skip button before a long one); `words` changes when every row must render again. */
  render(wording: Wording, words: unknown): TemplateResult {
    const settings = this.#settings;
    const items = settings.items();
    const thumbnails = this.#thumbnails;
    const { t } = wording;
    return html`${items.length > ALL_ROWS_UP_TO ? skipToSummary(t.skipToSummary, this.#host.renderRoot) : nothing}<ul part="list" aria-label=${t.listLabel} @click=${this.#onAction}>
      ${rowList({
        items,
        // A row renders again only when its item changed (or the words, or a countdown's second):
        // with 1,000 files, one upload's progress costs one row, not a visit to the other 999.
        changed: settings.takeChanged(),
        words,
        ticking: settings.retrying(),
        tick: (item) => countdown(item, wording.now),
        row: (item) => itemRow(item, wording, { url: thumbnails.urlOf(item), pending: thumbnails.wants(item) }, settings.imageEditor(), settings.extra(item, wording)),
        left: (item) => thumbnails.forget(item),
      })}
    </ul>`;
  }

  /** All files at once, from the second file. */
  summary(wording: Wording): TemplateResult | typeof nothing {
    const sum = this.#settings.tally();
    return sum.files > 1 ? summary(sum, wording, this.#onSummaryAction, regionLabel(this.#host, wording.f)) : nothing;
  }

  #onSummaryAction = (event: Event) => {
    const action = summaryActionOf(event);
    this.#settings.asked();
    if (action) this.#settings.all(action);
  };

  #onAction = (event: Event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-action]');
    const id = button?.closest('li')?.dataset.item;
    const item = this.#settings.items().find((candidate) => candidate.id === id);
    const action = button?.dataset.action as ItemAction | 'edit';
    this.#settings.asked();
    // The image editor's code loads on its first use.
    if (button && item)
      action === 'edit' ? import('../editor/edit-image.ts').then(({ editImage }) => editImage(this.#host, item, this.#settings.wording())) : item[action]();
  };
}

/** The whole seconds left of a retry countdown, which its row shows. */
function countdown(item: UploadItem, now: number): number {
  const at = item.retryAt;
  return at === undefined ? 0 : Math.ceil((at - now) / 1000);
}

import { html, nothing, type TemplateResult } from 'lit';
import { interpolate } from '../i18n/interpolate.ts';
import type { ItemStatus } from '../../queue/item/item-status.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import { fractionDone, progressText, spokenProgress, statusText, type Wording } from '../render/describe.ts';
import { figures } from '../render/figures.ts';
import { shownName } from '../../utils/shown-name.ts';
import { fileName } from '../render/file-name.ts';
import { icons } from '../render/icons.ts';

/** What an item's buttons do; the list handles their clicks in one listener (see `data-action`). */
export type ItemAction = 'start' | 'pause' | 'resume' | 'retry' | 'cancel' | 'remove';

const PRIMARY: Partial<Record<ItemStatus, ItemAction>> = {
  ready: 'start',
  queued: 'pause',
  starting: 'pause',
  uploading: 'pause',
  retrying: 'pause',
  offline: 'pause',
  paused: 'resume',
  failed: 'retry',
};

/**
 * The buttons of an item: a primary one while there is something to do, then Cancel, or Remove once
 * settled. Handed to the browser, only Cancel: the browser's own UI pauses its request.
 */
export function actionsFor(status: ItemStatus): { primary: ItemAction | undefined; secondary: ItemAction } {
  const primary = PRIMARY[status];
  return { primary, secondary: primary || status === 'background' ? 'cancel' : 'remove' };
}

// Every button comes from this one template, each in a fixed place, so when Pause becomes Resume
// the same <button> stays and keeps the keyboard focus. Remove has a place of its own: a button
// never turns into Remove under the focus, where a late Enter meant for Pause or Cancel would take
// a finished file off the list (and out of the form).
const button = (action: ItemAction | 'edit', item: UploadItem, { t }: Wording) => {
  const label = interpolate(t[action], { name: shownName(item.file.name) }, false);
  return html`<button type="button" class="icon" part="item-button ${action}-button" data-action=${action} aria-label=${label} title=${label}>
    ${icons[action]}
  </button>`;
};

/** The row's picture: a thumbnail once made, else an icon of the file's type; `pending` asks for one. */
export interface RowThumbnail {
  url: string | undefined;
  pending: boolean;
}

/** A feature's own part of a row (the details form): drawn last, and the status it tells instead of the item's. */
export interface RowPart {
  status: string | undefined;
  part: TemplateResult;
}

/** One row: picture or type icon, name, size, status, progress bar and details (percent, speed, time left), buttons; Edit on images not done yet with `editor`; a feature's `extra` part. */
export function itemRow(item: UploadItem, wording: Wording, thumbnail: RowThumbnail = { url: undefined, pending: false }, editor = false, extra?: RowPart): TemplateResult {
  const { status, file } = item;

  const { t, f } = wording;
  const fraction = fractionDone(item);
  const progress = status === 'rejected' ? '' : progressText(item, wording);
  const spoken = status === 'rejected' ? '' : spokenProgress(item, wording);
  const speed = item.bytesPerSecond;
  const left = item.secondsLeft;
  const details = [progress, speed === undefined ? '' : f.speed(speed), left === undefined ? '' : interpolate(t.timeLeft, { time: f.duration(left) })];
  const { primary, secondary } = actionsFor(status);
  // Not once done: the file on the server is the one it is. (Statuses with a primary action are those before.)
  const editable = editor && primary && /^image\/(jpeg|png|webp)$/.test(file.type);
  // Empty without a picture: CSS draws the icon of the file's type or extension (render/type-icons.ts, loaded with the first row).
  return html`<li part="item item-${status}" data-status=${status} data-item=${item.id}>
    <span class="thumbnail" part="thumbnail" data-type=${file.type} data-name=${file.name} data-pending=${thumbnail.pending ? '' : nothing}
      >${thumbnail.url ? html`<img src=${thumbnail.url} alt="" />` : nothing}</span
    >
    ${fileName(item.relativePath, item.id)}
    <span class="size" part="size">${f.bytes(file.size)}</span>
    <span class="status" part="status">${extra?.status ?? statusText(item, wording)}</span>
    ${status === 'rejected'
      ? nothing
      : html`<div class="bar" part="progress" role="progressbar" aria-labelledby=${item.id} aria-valuemin="0" aria-valuemax="100"
            aria-valuenow=${Math.floor(fraction * 100)} aria-valuetext=${spoken} style="--fraction: ${fraction}; --sent: ${file.size ? item.bytesSent / file.size : 0}">
            <div class="sent" part="progress-sent"></div>
            <div class="fill" part="progress-indicator"></div>
          </div>`}
    <span class="details" part="details">${figures(details)}</span>
    <span class="actions" part="actions"
      >${editable ? button('edit', item, wording) : nothing}${primary ? button(primary, item, wording) : nothing}${secondary === 'remove' ? nothing : button(secondary, item, wording)}${secondary === 'remove'
        ? button(secondary, item, wording)
        : nothing}</span
    >${extra?.part}
  </li>`;
}

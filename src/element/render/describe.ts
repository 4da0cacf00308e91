import type { UploadErrorCode } from '../../errors/upload-error.ts';
import { isUploadError } from '../../errors/upload-error.ts';
import type { Formatter } from '../i18n/format.ts';
import { interpolate } from '../i18n/interpolate.ts';
import type { TextKey, UploadStrings } from '../i18n/strings.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import type { RejectReason } from '../../queue/validation/check-file.ts';
import { settingOf } from '../settings/settings.ts';

/** Words for one moment of one item, in the element's language. */
export interface Wording {
  t: UploadStrings;
  f: Formatter;
  /** `performance.now()` at this render, for countdowns. */
  now: number;
  /** The limits as the page wrote them: `accept`'s types, and a size in the unit it was given in. */
  limits?: Limits;
  /** The language the words are in: the element's, or `en` when it has no translation. */
  wordsLang?: string;
}

export interface Limits {
  /** `accept`'s types, formatted as a choice (`image/* or .pdf`); empty when any file is taken. */
  types: string;
  /** A limit in bytes as the page wrote it (`1 GiB`), else in `Intl`'s units. */
  size(bytes: number): string;
}

const ERROR_KEYS: Record<UploadErrorCode, TextKey> = {
  network: 'errorNetwork',
  http: 'errorHttp',
  protocol: 'errorProtocol',
  integrity: 'errorIntegrity',
  'file-unreadable': 'errorFileUnreadable',
  locked: 'errorLocked',
  'session-expired': 'errorSessionExpired',
  'outcome-unknown': 'errorOutcomeUnknown',
  'invalid-option': 'errorInvalidOption',
  aborted: 'errorUnknown',
};

/** A human reason for a failure, chosen by the error's `code`, never by its message. */
export function errorReason(error: Error | undefined, { t }: Wording, isolate = true): string {
  if (!isUploadError(error)) return t.errorUnknown;
  // A setting is wrong: the row names it (the console has the whole message).
  const setting = error.code === 'invalid-option' && settingOf(error);
  if (setting) return interpolate(t.errorInvalidSetting, { setting }, isolate);
  // "HTTP 403" is one left-to-right run: in a right-to-left sentence the number went before the word ("(403 HTTP)").
  const words = t[ERROR_KEYS[error.code] ?? 'errorUnknown'].replace(/HTTP \{status\}/, isolate ? '\u2066$&\u2069' : '$&');
  return interpolate(words, { status: error.status ?? '' }, isolate);
}

const REJECT_KEYS: Record<RejectReason, TextKey> = {
  accept: 'rejectAccept',
  'max-file-size': 'rejectSize',
  'min-file-size': 'rejectMinSize',
  'max-files': 'rejectMaxFiles',
  'max-total-size': 'rejectTotalSize',
  multiple: 'rejectMultiple',
  'cancelled-by-app': 'rejectCancelledByApp',
};

/** Why a file was not added: the page's own words if it gave some, else the reason's, with the limit it broke. */
export function rejectReason(item: UploadItem, { t, f, limits }: Wording, isolate = true): string {
  if (item.rejectionMessage) return item.rejectionMessage;
  const limit = item.rejectionLimit ?? 0;
  const max = item.rejection === 'max-files' ? limit.toLocaleString(f.lang) : (limits?.size ?? f.bytes)(limit);
  // A wrong type names the types taken.
  const key = item.rejection === 'accept' && limits?.types ? 'rejectAcceptTypes' : REJECT_KEYS[item.rejection ?? 'accept'];
  return interpolate(t[key], { max, min: max, types: limits?.types ?? '' }, isolate);
}

export function statusText(item: UploadItem, wording: Wording): string {
  const { t, f, now } = wording;
  switch (item.status) {
    case 'retrying': {
      const at = item.retryAt;
      return at === undefined ? t.retryingNow : interpolate(t.retrying, { time: f.duration(Math.max(0, at - now) / 1000) });
    }
    case 'failed':
      return interpolate(t.failed, { reason: errorReason(item.error, wording) });
    case 'rejected':
      return interpolate(t.rejected, { reason: rejectReason(item, wording) });
    default:
      // `background`'s words come with that part of the element, loaded before an upload with the
      // option starts, whether the attribute or `prepare` turned it on (else "Uploading").
      return t[item.status] ?? t.uploading;
  }
}

/** `42%, 4.2 MB of 10 MB`: the visible progress and (not isolated) the progress bar's `aria-valuetext`. */
export function progressText(item: UploadItem, { t, f }: Wording, isolate = true): string {
  const total = item.file.size;
  const done = item.status === 'done' ? total : item.bytesCommitted;
  return interpolate(t.progress, { percent: f.percent(fractionDone(item)), done: f.bytes(done), total: f.bytes(total) }, isolate);
}

/**
 * The progress bar's `aria-valuetext`: the progress, and while a chunk is on its way how much the
 * browser has sent, in whole tenths, so the text says the lighter layer without changing at every
 * sent event (ten times a file at most).
 */
export function spokenProgress(item: UploadItem, wording: Wording): string {
  const progress = progressText(item, wording, false);
  const size = item.file.size;
  const sent = size > 0 && item.status === 'uploading' ? Math.floor((item.bytesSent / size) * 10) / 10 : 0;
  return sent > Math.floor(fractionDone(item) * 10) / 10 ? interpolate(wording.t.progressSent, { progress, sent: wording.f.percent(sent) }, false) : progress;
}

export function fractionDone(item: UploadItem): number {
  if (item.status === 'done') return 1;
  return item.file.size === 0 ? 0 : item.bytesCommitted / item.file.size;
}

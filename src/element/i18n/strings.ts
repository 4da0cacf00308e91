import type { AnnounceStrings } from './announce-strings.ts';
import type { BackgroundStrings } from './background-strings.ts';
import type { EditorStrings } from './editor-strings.ts';
import type { CameraStrings } from './camera-strings.ts';
import type { MetaStrings } from './meta-strings.ts';
import type { InterruptedStrings } from './interrupted-strings.ts';
import type { PluralMessage } from './plural-message.ts';

export type { PluralMessage } from './plural-message.ts';

/**
 * Every word the element shows or announces. `{name}`-style placeholders are filled in by the
 * element with values already formatted for the language (sizes, percents, durations via `Intl`).
 * A key whose words follow a number is a {@link PluralMessage} and its number is `{count}`.
 * The words of the `background` and `camera` attributes (`backgroundLabel`, `camera`, …), those the
 * live region says (`announceStart`, …), the image editor's (`editorSave`, …), the details form's
 * (`metaEdit`, …) and an interrupted row's (`interruptedAsking`, …) are optional here: their
 * English loads with that part of the element (see `BackgroundStrings`, `CameraStrings`,
 * `AnnounceStrings`, `EditorStrings`, `MetaStrings`, `InterruptedStrings`), the translations carry
 * them all.
 */
export interface UploadStrings
  extends Partial<BackgroundStrings>,
    Partial<AnnounceStrings>,
    Partial<EditorStrings>,
    Partial<CameraStrings>,
    Partial<MetaStrings>,
    Partial<InterruptedStrings> {
  /** The picker button, with `multiple`. */
  chooseFiles: string;
  /** The picker button, without `multiple`. */
  chooseFile: string;
  /** The picker button, with `directory`. */
  chooseFolder: string;
  /** Beside the button, unless the `drop-label` slot is filled. */
  dropHint: string;
  /** Shown while the list is empty, unless the `empty` slot is filled. */
  empty: string;
  /** The list's accessible name. */
  listLabel: string;

  /** Item statuses. `{time}` in `retrying` is how long until the next attempt; `{reason}` a reason below. */
  ready: string;
  queued: string;
  starting: string;
  uploading: string;
  paused: string;
  retrying: string;
  retryingNow: string;
  offline: string;
  done: string;
  failed: string;
  cancelled: string;
  rejected: string;

  /** Progress as text, also the progress bar's `aria-valuetext`: `{percent}`, `{done}`, `{total}`. */
  progress: string;
  /** The bar's `aria-valuetext` while a chunk is on its way: `{progress}` as above, and how much the browser has `{sent}` (a percent in tenths). */
  progressSent: string;
  /** `{time}`: the estimated time left. */
  timeLeft: string;

  /** Labels of the item buttons; `{name}` is the file's name. */
  start: string;
  pause: string;
  resume: string;
  cancel: string;
  retry: string;
  remove: string;
  /** With `image-editor`, on image rows: opens the editor (also its title). */
  edit: string;

  /** Uploads a reload or a closed tab interrupted, listed on connect; `{percent}` is what the server had. */
  interruptedLabel: string;
  interrupted: string;
  interruptedNeedsFile: string;
  /** The button that opens the picker for an interrupted upload, and its label (`{name}`), which starts with the button's text. */
  chooseAgain: string;
  chooseAgainLabel: string;
  discard: string;

  /** The summary over all files: its accessible name, and files done, failed and left (`{count}`, one form per plural category). */
  summaryLabel: string;
  summaryDone: PluralMessage;
  summaryFailed: PluralMessage;
  summaryLeft: PluralMessage;
  /** The summary's buttons, acting on every file. */
  pauseAll: string;
  resumeAll: string;
  retryAll: string;
  cancelAll: string;
  /** Before a long list, shown when focused: takes the focus to the summary's buttons. */
  skipToSummary: string;
  /** The summary's accessible name when the element has a label (`{label}`: its `<label>`, `aria-label`, else its number among several on the page). */
  summaryLabelOf: string;

  /** Under the button, and its description: the file types `accept` takes (`{types}`) and `max-file-size` (`{max}`, in the unit the page wrote). */
  acceptsTypes: string;
  acceptsMaxSize: string;

  /**
   * Why a file was not added. `{max}` is `max-file-size`, `max-total-size` (formatted sizes) or
   * `max-files` (a formatted number); `{min}` is `min-file-size`.
   */
  rejectAccept: string;
  /** The same, naming the types `accept` takes (`{types}`); `rejectAccept` is kept for translations made before it. */
  rejectAcceptTypes: string;
  rejectSize: string;
  rejectMinSize: string;
  rejectMaxFiles: string;
  rejectTotalSize: string;
  rejectMultiple: string;
  /** The page cancelled `upload-add` and gave no words of its own. */
  rejectCancelledByApp: string;

  /** In a form: the validation message with `required` while no file is uploaded, and while uploads are under way. */
  formRequired: string;
  formUploading: string;

  /** Why an upload failed, by `UploadError` code; `{status}` is the HTTP status. */
  errorNetwork: string;
  errorHttp: string;
  errorProtocol: string;
  errorIntegrity: string;
  errorFileUnreadable: string;
  errorLocked: string;
  errorSessionExpired: string;
  /** `'outcome-unknown'`: the answer to a request that creates was lost; the file may have arrived. */
  errorOutcomeUnknown: string;
  errorInvalidOption: string;
  /** `'invalid-option'` naming the setting that is wrong (`max-file-size`, or an option `prepare` gave). */
  errorInvalidSetting: string;
  errorUnknown: string;
}

/** The keys whose words are one string, whatever the number (most of them). */
export type TextKey = { [K in keyof UploadStrings]-?: UploadStrings[K] extends string ? K : never }[keyof UploadStrings];

/** English, built in. */
export const en: UploadStrings = {
  chooseFiles: 'Choose files',
  chooseFile: 'Choose a file',
  chooseFolder: 'Choose a folder',
  dropHint: 'or drop them here',
  empty: 'No files yet.',
  listLabel: 'Uploads',

  ready: 'Ready',
  queued: 'Waiting',
  starting: 'Starting',
  uploading: 'Uploading',
  paused: 'Paused',
  retrying: 'Retrying in {time}',
  retryingNow: 'Retrying',
  offline: 'Offline, waiting for the network',
  done: 'Done',
  failed: 'Failed: {reason}',
  cancelled: 'Cancelled',
  rejected: 'Not added: {reason}',

  progress: '{percent}, {done} of {total}',
  progressSent: '{progress} ({sent} sent)',
  timeLeft: '{time} left',

  start: 'Start {name}',
  pause: 'Pause {name}',
  resume: 'Resume {name}',
  cancel: 'Cancel {name}',
  retry: 'Retry {name}',
  remove: 'Remove {name} from the list',
  edit: 'Edit {name}',

  interruptedLabel: 'Interrupted uploads',
  interrupted: 'Interrupted at {percent}',
  interruptedNeedsFile: 'Interrupted at {percent}: choose the file again to resume',
  chooseAgain: 'Choose again',
  chooseAgainLabel: 'Choose again to resume {name}',
  discard: 'Discard {name}',


  summaryLabel: 'All uploads',
  summaryDone: { one: '{count} done', other: '{count} done' },
  summaryFailed: { one: '{count} failed', other: '{count} failed' },
  summaryLeft: { one: '{count} left', other: '{count} left' },
  pauseAll: 'Pause all',
  resumeAll: 'Resume all',
  retryAll: 'Retry all',
  cancelAll: 'Cancel all',
  skipToSummary: 'Skip to all uploads',
  summaryLabelOf: 'All uploads: {label}',

  acceptsTypes: 'Accepted: {types}',
  acceptsMaxSize: 'Up to {max} per file',

  rejectAccept: 'this type of file is not accepted',
  rejectAcceptTypes: 'this type of file is not accepted (accepted: {types})',
  rejectSize: 'it is larger than {max}',
  rejectMinSize: 'it is smaller than {min}',
  rejectMaxFiles: 'too many files (the limit is {max})',
  rejectTotalSize: 'all the files together would be larger than {max}',
  rejectMultiple: 'one file at a time',
  rejectCancelledByApp: 'the page did not accept it',

  formRequired: 'Upload at least one file.',
  formUploading: 'Wait until the uploads finish.',

  errorNetwork: 'the connection kept failing',
  errorHttp: 'the server refused it (HTTP {status})',
  errorProtocol: 'the server gave an unexpected answer',
  errorIntegrity: "the server's copy differs from the file",
  errorFileUnreadable: 'the file can no longer be read',
  errorLocked: 'it is already being uploaded in another tab or on this page',
  errorSessionExpired: 'the upload session expired',
  errorOutcomeUnknown: 'no answer came back, so it may already have arrived: check before retrying',
  errorInvalidOption: 'the upload is not set up correctly',
  errorInvalidSetting: 'the upload is not set up correctly ({setting})',
  errorUnknown: 'something went wrong',
};

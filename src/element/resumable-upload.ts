import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { HeadersOption, UploadType } from '../engine/options.ts';
import type { SessionStore } from '../storage/session-store.ts';
import { formatterFor, type Formatter } from './i18n/format.ts';
import { isTranslated, stringsFor } from './i18n/locales.ts';
import type { UploadStrings } from './i18n/strings.ts';
import type { UploadItem } from '../queue/item/upload-item.ts';
import type { Wording } from './render/describe.ts';
import { limitsHint, limitsOf } from './render/limits.ts';
import { chooseIcon } from './render/choose-icon.ts';
import { loadPart } from './render/load-part.ts';
import { DropPasteController } from './controllers/drop-paste-controller.ts';
import { FocusController } from './controllers/focus-controller.ts';
import { LocaleController } from './controllers/locale-controller.ts';
import { FormController, type FormValueOf } from './form/form-controller.ts';
import type { RowsPart } from './rows/rows-part.ts';
import { BackgroundPart } from './background/background-part.ts';
import type { BackgroundStrings } from './i18n/background-strings.ts';
import type { CameraPanel } from './camera/camera-panel.ts';
import { InterruptedUploads } from './interrupted/interrupted-uploads.ts';
import { QueueCore } from '../queue/queue-core.ts';
import { FilePicker, pickerChunk } from './picker/file-picker.ts';
import type { MetaDetails } from './metadata/meta-details.ts';
import type { MetaField } from './metadata/meta-fields.ts';
import { styles } from './resumable-upload.styles.ts';
import { elementProperties } from './properties.ts';
import { ElementOptions, type MetadataOf, type PrepareUpload } from './settings/element-options.ts';
import { parseSize } from './settings/settings.ts';
import { isUploadError } from '../errors/upload-error.ts';
import { UploadsController } from './uploads-controller.ts';
import { LazyAnnouncer } from './announce/lazy-announcer.ts';
import type {} from './events/upload-add.ts';
import type {} from './events/upload-cancel.ts';
import type {} from './events/upload-error.ts';
import type {} from './events/upload-progress.ts';
import type {} from './events/upload-reject.ts';
import type {} from './events/upload-start.ts';
import type {} from './events/upload-success.ts';

/**
 * @tag resumable-upload
 * @summary Resumable uploads with a list of files, progress you can trust, pause, resume, cancel and retry.
 *
 * @fires {UploadAddEvent} upload-add - A valid file is about to be listed. Cancelable: `preventDefault()` lists it as rejected (`'cancelled-by-app'`) and fires `upload-reject`; set `detail.message` for the words the row shows, or `detail.silent = true` to leave it out without a trace. `{ file, relativePath, message, silent }`
 * @fires {UploadRejectEvent} upload-reject - A file failed `accept`, a size or count limit or `multiple`, or `upload-add` was cancelled; it is listed as rejected, with the reason. `{ file, item, reason }`
 * @fires {UploadStartEvent} upload-start - An upload started: the first time and on each retry (not on resume after a pause). `{ file, item, upload }`
 * @fires {UploadProgressEvent} upload-progress - The server confirmed more bytes. `{ file, item, upload, bytesCommitted, bytesTotal }`
 * @fires {UploadSuccessEvent} upload-success - The file is stored. `{ file, item, upload, result }` (`result.status`, `result.body`). With `background`, also once for an upload the browser finished after its page was closed: then `detail.background` is `true`, `file`, `item` and `upload` are undefined and `storedUpload` names the file (a `BackgroundSuccessDetail`: narrow with `isBackgroundSuccess(detail)`).
 * @fires {UploadErrorEvent} upload-error - The upload failed after the engine's retries; the row offers Retry. `{ file, item, upload, error }` (`upload` is undefined if `prepare` threw)
 * @fires {UploadCancelEvent} upload-cancel - An upload was cancelled (its button, `item.cancel()`, `cancelAll()`, `upload.abort()`). `{ file, item, upload }`
 *
 * @slot drop-label - Beside the button; default "or drop them here".
 * @slot empty - Shown while no file is listed; default "No files yet."
 *
 * @csspart drop-zone - The area that takes dropped files, around the button.
 * @csspart button - The button that opens the file picker (a folder's, with `directory`).
 * @csspart files-button - With `directory`, the button beside it that picks files.
 * @csspart limits - Under the buttons, and their description: the types `accept` takes and `max-file-size`, as the page wrote them.
 * @csspart hint - Around the `drop-label` slot.
 * @csspart empty - Around the `empty` slot.
 * @csspart list - The list of files.
 * @csspart item - One file's row. Each row also has `item-<status>` (below), e.g. `::part(item-failed)`.
 * @csspart item-ready - A row waiting for Start (`auto="false"`).
 * @csspart item-queued - A row waiting for a free place (`concurrency`).
 * @csspart item-starting - A row starting its session.
 * @csspart item-uploading - A row sending bytes.
 * @csspart item-paused - A row paused.
 * @csspart item-retrying - A row waiting to try again after a failure.
 * @csspart item-offline - A row waiting for the network.
 * @csspart item-background - A row this page handed to the browser (`background`): it sends the rest; only Cancel is offered.
 * @csspart item-done - A row stored on the server.
 * @csspart item-failed - A row failed; Retry is offered.
 * @csspart item-cancelled - A row cancelled.
 * @csspart item-rejected - A row not added (`accept`, a size or count limit, `multiple`, or a cancelled `upload-add`).
 * @csspart thumbnail - A small picture of an image file or of a frame near a video's start, else an icon of its type, by its type or else its extension (image, video, audio, PDF, spreadsheet, archive, text, code, other), each in a colour of its own (`--resumable-upload-icon-<family>`, see docs/styling-and-languages.md), drawn by a style sheet loaded with the first row. Pictures are made only for rows on screen, decoded and scaled off the main thread (`createImageBitmap`), by code loaded with the first image or video row; their object URLs are revoked when the row goes. A video is read by a detached, muted `<video preload="metadata">`, one at a time, from an object URL revoked as soon as its frame is drawn; a video the browser cannot play (a codec it lacks, a file that is no video) or that shows no frame within 5 s keeps the icon.
 * @csspart name - The file's name (one text; a long one ends in an ellipsis, whole in its `title`).
 * @csspart size - The file's size.
 * @csspart status - The item's status text.
 * @csspart progress - The progress bar (`role="progressbar"`).
 * @csspart progress-indicator - The progress bar's filled part: what the server confirmed.
 * @csspart progress-sent - Under it, lighter, while uploading: what the browser has sent and the server not yet confirmed.
 * @csspart details - Percent and bytes, speed, time left: each figure in a `<bdi>`, apart by space.
 * @csspart actions - Around an item's buttons.
 * @csspart item-button - Every button of an item.
 * @csspart start-button - Start (with `auto="false"`).
 * @csspart pause-button - Pause.
 * @csspart resume-button - Resume.
 * @csspart retry-button - Retry, after a failure.
 * @csspart cancel-button - Cancel.
 * @csspart remove-button - Remove, once settled.
 * @csspart edit-button - Edit, with `image-editor`, on image rows not done yet: opens the image editor.
 * @csspart editor - The image editor's `<dialog>` (crop, turn, mirror), in the element's shadow root.
 * @csspart meta - With `metaFields`: under a row, its Edit details button, its form and its note.
 * @csspart meta-button - Edit details: opens and closes the row's form.
 * @csspart meta-form - The row's form of details, one labelled field per `metaFields` entry.
 * @csspart meta-save-button - Save: keeps the values (a required field left empty is marked instead).
 * @csspart meta-cancel-button - Cancel (or Escape): closes the form, forgetting what was typed since the last Save.
 * @csspart meta-note - The upload has started: changes are not sent with the file.
 * @csspart interrupted-list - The uploads a reload or a closed tab interrupted, listed on connect.
 * @csspart interrupted-item - One interrupted upload's row (it also has `name`, `size`, `status`, `progress`, `actions`).
 * @csspart choose-again-button - Opens the picker to choose an interrupted upload's file again.
 * @csspart discard-button - Forgets an interrupted upload. (Its Resume is `resume-button`.)
 * @csspart summary - All files at once, below the list from the second file (and in view while a long list scrolls): counts, one bar, figures and buttons.
 * @csspart summary-counts - Files done, failed and left.
 * @csspart summary-progress - One bar of the bytes the server confirmed over all files (`role="progressbar"`); its fill is `progress-indicator`.
 * @csspart summary-details - Percent and bytes over all files, the overall speed and time left.
 * @csspart summary-actions - Around the summary's buttons.
 * @csspart summary-button - Every button of the summary.
 * @csspart skip-button - Before a list of more than 20 files, shown when focused: takes the focus to the summary's buttons.
 * @csspart pause-all-button - Pauses every file waiting or under way (`pauseAll()`).
 * @csspart resume-all-button - Resumes every paused file (`resumeAll()`).
 * @csspart retry-all-button - Retries every failed file (`startAll()`).
 * @csspart cancel-all-button - Cancels every file not finished (`cancelAll()`).
 * @csspart background-list - With `background`: uploads the browser runs or ran after their page was closed.
 * @csspart background-item - One of them (it also has `name`, `size`, `status`, `progress`).
 * @csspart camera-button - With `camera`, beside the picker's button: opens the camera's panel.
 * @csspart camera-panel - The camera's panel, a modal `<dialog>` (style its backdrop with `::part(camera-panel)::backdrop`).
 * @csspart camera-preview - The live preview, a muted `<video>`.
 * @csspart camera-recording - Over the preview while recording: "Recording" and the time elapsed.
 * @csspart camera-problem - Instead of the preview, why the live camera cannot be shown.
 * @csspart camera-actions - Around the panel's buttons.
 * @csspart camera-photo-button - Take photo.
 * @csspart camera-record-button - Record video, then Stop recording.
 * @csspart camera-switch-button - Switch camera, with more than one.
 * @csspart camera-native-button - Where the live camera cannot be shown: the device's own camera (the file input with `capture`).
 * @csspart camera-close-button - Close: every track stops.
 *
 * @cssproperty [--resumable-upload-accent=#1a56db] - Button, progress and focus colour.
 * @cssproperty [--resumable-upload-on-accent=#fff] - Text on the accent colour.
 * @cssproperty [--resumable-upload-text=#1f2328] - Text colour.
 * @cssproperty [--resumable-upload-muted=#555d66] - Secondary text (sizes, details, hints).
 * @cssproperty [--resumable-upload-surface=#fff] - Background of the drop zone, rows and buttons.
 * @cssproperty [--resumable-upload-border=#8c959f] - Borders.
 * @cssproperty [--resumable-upload-track=#dde1e6] - The progress bar's empty part (its edge is in the border colour, 3:1 against the row).
 * @cssproperty [--resumable-upload-bar-thickness=0.5rem] - The progress bars' thickness.
 * @cssproperty [--resumable-upload-error=#b3261e] - Failures and rejections.
 * @cssproperty [--resumable-upload-success=#116329] - Finished uploads.
 * @cssproperty --resumable-upload-focus - The focus ring; defaults to the accent.
 * @cssproperty [--resumable-upload-radius=0.5rem] - Corner radius.
 * @cssproperty [--resumable-upload-spacing=0.75rem] - The base spacing unit.
 * @cssproperty --resumable-upload-font - Font family; inherited by default.
 *
 * @attr dragover - Present (read-only) while files are dragged over the element.
 */
export class ResumableUploadElement extends LitElement {
  static override styles = styles;
  /** A form control: `name`, `required`, a value per finished file, reset and a disabled fieldset. */
  static formAssociated = true;
  /** Its properties, as src/element/properties.ts lists them; each field below is one. */
  static override properties = elementProperties;

  /** The media upload URL, e.g. `/upload/drive/v3/files` (the engine's `endpoint`). */
  endpoint = '';
  /** `'resumable'`, `'media'`, `'multipart'` or `'auto'` (see the engine's `uploadType`). */
  uploadType: UploadType = 'resumable';
  /** Bytes per request, a multiple of 256 KiB (262144), as a size (`8 MiB`, see `max-file-size`); unset, chunks adapt to the connection. */
  chunkSize: number | string | undefined;
  /** Which files are taken, as the file input's `accept`: `image/*,.pdf`. Also checked on drop and paste. */
  accept = '';
  /**
   * The largest file taken; larger ones are rejected with a reason (`'max-file-size'`). A size, as for
   * every size: bytes (`100000`) or a number and a unit (`100 KB`, `10MB`, `1.5 GiB`), where KB, MB,
   * GB, TB count 1000s and KiB, MiB, GiB, TiB 1024s (SI and IEC units). A wrong one is said in the
   * console, and files fail naming it.
   */
  maxFileSize: number | string | undefined;
  /** The smallest file taken, a size (`1` refuses empty files); smaller ones are rejected (`'min-file-size'`). */
  minFileSize: number | string | undefined;
  /** How many files the list may hold (rejected and cancelled rows do not count; removing a row frees its place); more are rejected (`'max-files'`). */
  maxFiles: number | undefined;
  /** The most all listed files may hold together, a size (rejected and cancelled rows do not count); a file that would pass it is rejected (`'max-total-size'`). */
  maxTotalSize: number | string | undefined;
  /** Take several files at once; without it, each extra file of a drop is rejected. */
  multiple = false;
  /**
   * The button picks a folder: every file in it and its subfolders is added, each with its
   * `relativePath` (implies `multiple`); a second button beside it picks files, as a file dialog
   * that opens on folders offers no files. Drops take folders with or without it.
   */
  directory = false;
  /** Passed to the file input, for phones: `'environment'` opens the rear camera, `'user'` the front one (with `accept="image/*"` or `video/*`). With `camera`, also the side its live preview starts on. */
  capture: string | undefined;
  /**
   * A Camera button beside the picker's, whose panel shows the live camera (`getUserMedia`):
   * `"photo"` takes photos (JPEG), `"video"` records videos (WebM, or MP4 in Safari), both with
   * `"photo video"` or the bare attribute. What is taken is listed as a picked file (`accept` and the
   * limits apply). Without a camera, permission or `getUserMedia` (a page not on HTTPS), the panel says
   * why and opens the device's own camera through the file input (`capture`). Its code loads only once
   * this is set; a wrong value is said in the console, and files fail naming it. See docs/camera.md.
   */
  camera: string | undefined;
  /** Where pasted files are taken: `'element'` while focus is inside it, `'page'` anywhere on the page (unless something else, say an editor, took the paste first with `preventDefault()`). */
  paste: 'element' | 'page' = 'element';
  /** Start uploading as soon as files are chosen; `auto="false"` waits for Start or `startAll()`. */
  auto = true;
  /** How many files upload at the same time; the others wait as `queued`. 4 keeps a few requests to the server busy, as a browser does; 1 sends them one by one. */
  concurrency = 4;
  /** No new files (button, drop, paste); uploads under way go on. */
  disabled = false;
  /**
   * Keep sessions in IndexedDB so uploads survive a reload, and list the interrupted ones;
   * `store="false"` turns both off. As a property, a `SessionStore` replaces IndexedDB for both (the engine's `store`).
   */
  store: boolean | SessionStore = true;
  /**
   * The button and Choose again open `showOpenFilePicker` instead of the file input, so chosen files
   * keep their handle with the stored session: after a reload an interrupted upload offers Resume,
   * with no new choice of file. Where the browser lacks it or refuses it (a cross-origin frame), the
   * file input opens.
   */
  fileHandles = false;
  /** The language of words and numbers; unset, the closest `lang` up the page, else the browser's. Translations: `registerLocale()`. */
  override lang!: string;
  /**
   * Where the browser allows it (Chromium, with a service worker that calls `handleBackgroundUploads()`
   * from `resumable-upload/service-worker`), an upload under way when the page is hidden or closed is
   * handed to the browser, which finishes it; coming back, the element shows it running (what was
   * sent) or done (`upload-success` once, with `detail.background`). Elsewhere nothing changes.
   * Off by default: see docs/recovery.md, "Finishing after the tab is closed".
   */
  background = false;
  /**
   * Image rows (JPEG, PNG, WebP) not done yet get an Edit button: crop, turn and mirror the image, and
   * the edited one is uploaded in its place (an upload begun starts again from zero). Off by default:
   * the edited file is a new image, without the original's metadata (camera, place). The editor's
   * code loads on the first Edit. See docs/element.md, "Editing images".
   */
  imageEditor = false;
  /** Headers for every request, or a function returning them (may be async; called before each request, for fresh tokens). Tokens go here, never in attributes. */
  headers: HeadersOption | undefined;
  /**
   * `(file, item) => Partial<UploadOptions>`, awaited when the file starts: per-file options, e.g. a
   * `sessionUri` from your backend. What it returns wins over everything else, so any engine option
   * (`verify`, `retry`, `credentialOrigins`, …) can be set here.
   */
  prepare: PrepareUpload | undefined;
  /** The resource's metadata, or a function of the file and its item (`item.relativePath`). Default `{ name: file.name }` (none for `'media'`). */
  metadata: Record<string, unknown> | MetadataOf | undefined;
  /**
   * Details a person gives for each file on its row (Edit details), each sent in the file's metadata
   * under its `id`: `[{ id: 'description', label: 'Caption', required: true, multiline: true, placeholder: 'What is it?' }]`.
   * Values are read when the upload starts; a file waits ("Needs details") while a required field is
   * empty. Later changes are not sent with the file: they are in `item.meta` (events, `formValue`).
   * A wrong value is said in the console, and files fail naming it. See docs/metadata.md.
   */
  metaFields: MetaField[] | undefined;
  /** Words to replace, over the language's translation and English. */
  strings: Partial<UploadStrings> | undefined;
  /** In a form: the name under which each finished file's value is sent (see `formValue`); none, nothing is sent. */
  name = '';
  /** In a form: invalid until at least one file is uploaded. */
  required = false;
  /**
   * In a form: what a finished file sends under `name`, `(result, file, item) => string | undefined`
   * from the server's final answer (`undefined` leaves the file out). Default, the answer's body as
   * JSON; for Drive's file id: `(result) => (result.body as { id: string }).id`.
   */
  formValue: FormValueOf | undefined;

  readonly #internals = this.attachInternals();
  /** Set by a disabled `<fieldset>` around the element (or its own `disabled`). */
  #formDisabled = false;

  readonly #announcer = new LazyAnnouncer(this, {
    wording: () => this.#wording(),
    tally: () => this.#queue.tally,
    endpoint: () => this.endpoint,
  });
  /** Interrupted uploads are listed: said once, when they appear. */
  #interruptedSaid = false;
  /** The list itself; the element is a view over it. Its settings are read when needed, so attribute changes apply at once. */
  readonly #options = new ElementOptions(this);
  readonly #queue = new QueueCore(
    this.#options.queue(
      async (item) => {
        const prepared = await this.#options.optionsFor(item, this.#picker.handles, (given) => this.#meta?.metadataOf(item, given) ?? given);
        // The words of a handed-off row come with that part, also when `prepare` alone turned it on: loaded before any hand-off.
        if (prepared.background && !this.#background.words) await this.#background.loadWords();
        return prepared;
      },
      // With `metaFields`, nothing starts before their code has come to say whether it may.
      (item) => this.#meta?.holds(item) ?? !!this.metaFields,
    ),
  );
  readonly #uploads = new UploadsController(this, this.#queue, (happening, item) => {
    const { error } = item;
    if (happening === 'failed' && isUploadError(error) && error.code === 'invalid-option') void this.#options.problems().then((problems) => problems.say(error));
    this.#announcer.say(happening, item);
  });
  readonly #picker = new FilePicker(this, this.#queue);
  readonly #interrupted = new InterruptedUploads(this, this.#queue, {
    choose: () => void this.#picker.choose(),
  });

  readonly #background = new BackgroundPart(this, () => (this.#words = undefined));
  /** Loaded with the `camera` attribute only, with its English words. */
  #camera: CameraPanel | undefined;
  /** Loaded once `metaFields` is set: the details form, and the values' way into the metadata. */
  #meta: MetaDetails | undefined;

  constructor() {
    super();
    new FormController(this, this.#internals, {
      name: () => this.name,
      required: () => this.required,
      done: () => this.#queue.done,
      tally: () => this.#queue.tally,
      doneChanges: () => this.#queue.doneChanges,
      formValue: () => this.formValue,
      strings: () => this.#wordsFor(this.#lang()).t,
      anchor: () => this.renderRoot.querySelector('.choose'),
    });
    new DropPasteController(this, {
      disabled: () => this.#isDisabled,
      pasteOnPage: () => this.paste === 'page',
      handles: this.#picker.handles,
      add: (files) => this.#queue.add(files),
    });
    new FocusController(this, () => !!this.#rows || this.#queue.items.length === 0);
    new LocaleController(this, () => (this.#words = undefined));
  }

  /** Every listed file, rejected ones included, in the order added. */
  get items(): readonly UploadItem[] {
    return this.#queue.items;
  }

  /**
   * Adds files as if chosen in the picker: validated, listed, started with `auto`. Returns the items
   * added. A file's `relativePath` is its `webkitRelativePath` if it has one, else its name.
   */
  addFiles(files: FileList | Iterable<File>): UploadItem[] {
    return this.#queue.add(files);
  }

  /** The form the element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }

  /** As a form control's: `customError` while uploads are under way, `valueMissing` with `required` while no file is done. */
  get validity(): ValidityState {
    return this.#internals.validity;
  }

  /** Why the element is invalid, in its language; empty when valid. */
  get validationMessage(): string {
    return this.#internals.validationMessage;
  }

  /** As a form control's: false while uploads are under way, or with `required` while no file is done. */
  checkValidity(): boolean {
    return this.#internals.checkValidity();
  }

  /** As `checkValidity()`, and shows the reason to the person when invalid. */
  reportValidity(): boolean {
    return this.#internals.reportValidity();
  }

  /** The form was reset: every file leaves the list, uploads under way are cancelled. */
  formResetCallback(): void {
    this.#queue.clear();
  }

  /** A disabled `<fieldset>` around the element disables it as it does native controls. */
  formDisabledCallback(disabled: boolean): void {
    this.#formDisabled = disabled;
    this.requestUpdate();
  }

  get #isDisabled(): boolean {
    return this.disabled || this.#formDisabled;
  }

  /** Starts the files waiting for it (`auto="false"`) and retries failed ones. */
  startAll(): void {
    this.#queue.startAll();
  }

  /** Pauses every file under way or waiting in the queue. */
  pauseAll(): void {
    this.#announcer.sayAll('pauseAll');
    this.#queue.pauseAll();
  }

  /** Puts paused files back in the queue; each goes on from the bytes the server has. */
  resumeAll(): void {
    this.#announcer.sayAll('resumeAll');
    this.#queue.resumeAll();
  }

  /**
   * Cancels every file not finished. A cancel (this, a row's ✕, `item.cancel()`) is for good: the
   * upload stops and its session is ended on the server (`upload.abort({ terminate: true })`).
   */
  cancelAll(): void {
    this.#announcer.sayAll('cancelAll');
    this.#queue.cancelAll();
  }

  // Many uploads report progress many times a frame: render once per animation frame at most, and
  // while files upload at most every 100 ms. Small files change state several times a frame, and
  // each drawing of their rows and the summary costs style, layout, paint and compositing: ten a
  // second, not sixty, took the element's own CPU time a file down by about two thirds. What a
  // person did (a click on an action, a scroll that brings new rows) draws on the next frame.
  // A hidden tab runs no frames; there a (throttled) timer keeps `updateComplete` from hanging.
  protected override async scheduleUpdate(): Promise<void> {
    do await new Promise((next) => (document.hidden ? setTimeout(next) : requestAnimationFrame(next)));
    while (!this.#asked && this.#queue.tally.running && performance.now() < this.#renderedAt! + 100);
    this.#renderedAt = performance.now();
    this.#asked = false;
    super.scheduleUpdate();
  }
  #renderedAt: number | undefined;
  /** A person's action or scroll, or the rows' code just in, is waiting to be drawn (on the next frame). */
  #asked = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    void this.#options.check();
    if (changed.has('concurrency')) this.#queue.pump();
    if (changed.has('imageEditor')) this.#words = undefined; // every row: its Edit button
    // Their code, loaded with the first fields, renders every row again and releases or holds files.
    // Pumped once `#meta` is set: until then the files were held for it, and its constructor's own pump still held them.
    if (changed.has('metaFields'))
      void import('./metadata/meta-details.ts').then(({ MetaDetails }) => {
        (this.#meta ??= new MetaDetails(this, this.#uploads, this.#queue)).check();
        this.#queue.pump();
      });
    if (changed.has('fileHandles') && this.fileHandles) pickerChunk().catch(() => undefined); // the click loads it again
    // The first render's endpoint was read on connect already.
    const after = (key: 'endpoint' | 'store') => changed.has(key) && changed.get(key) !== undefined;
    if (after('endpoint') || after('store')) void this.#interrupted.refresh();
    // A record the browser is finishing (`background`) is not an interruption; one whose row's code
    // has not loaded is not listed yet, and not said.
    const listed = !!this.#interrupted.list && this.#interrupted.records.some((record) => !this.#background.uploads?.owns(record.fingerprint));
    if (listed && !this.#interruptedSaid) this.#announcer.sayInterrupted();
    this.#interruptedSaid = listed;
    if (changed.has('background') && this.background && !this.#background.uploads) void this.#background.load();
    else if (after('endpoint')) void this.#background.uploads?.refresh();
    if (this.camera != null && !this.#camera) void this.#loadCamera();
  }

  async #loadCamera(): Promise<void> {
    const { CameraPanel } = await import('./camera/camera-panel.ts');
    this.#camera ??= new CameraPanel(this, (files) => this.#queue.add(files));
  }

  // Typed so the declarations name lit's `TemplateResult`, not lit-html's (lit's own dependency).
  protected override render(): TemplateResult {
    const wording = this.#wording();
    const { t, f } = wording;
    const directory = this.directory;
    const limits = limitsHint(wording.limits!, parseSize(this.maxFileSize), t);
    const described = limits === nothing ? nothing : 'limits';
    const items = this.#queue.items;
    if (items.length > 0) this.#loadRows();
    const background = this.#background.uploads;
    const interrupted = background ? this.#interrupted.records.filter((record) => !background.owns(record.fingerprint)) : this.#interrupted.records;
    // Words with no translation are English, and marked so for screen readers' voices.
    return html`<div class="words" lang=${wording.wordsLang === 'en' ? 'en' : nothing}>
      <div class="drop-zone" part="drop-zone">
        <button type="button" class="choose" part="button" ?disabled=${this.#isDisabled} @click=${this.#picker.choose} ?data-folder=${directory} aria-describedby=${described}>
          ${chooseIcon}<span>${directory ? t.chooseFolder : this.multiple ? t.chooseFiles : t.chooseFile}</span>
        </button>
        ${directory
          ? html`<button type="button" class="choose" part="files-button" ?disabled=${this.#isDisabled} @click=${this.#picker.choose} aria-describedby=${described}>
              ${chooseIcon}<span>${t.chooseFiles}</span>
            </button>`
          : nothing}
        ${this.#camera?.render(t, f, this.#isDisabled) ?? nothing}
        <span class="hint" part="hint"><slot name="drop-label">${t.dropHint}</slot></span>
        ${limits}
        <input
          type="file"
          hidden
          ?multiple=${this.multiple || directory}
          accept=${this.accept || nothing}
          capture=${this.capture || nothing}
          @change=${this.#picker.picked}
        />
      </div>
      ${background && this.#background.list ? this.#background.list(background.rows, t as BackgroundStrings, wording.f) : nothing}
      ${interrupted.length > 0 && this.#interrupted.list ? this.#interrupted.list(interrupted, wording) : nothing}
      ${items.length > 0
        ? (this.#rows?.render(wording, this.#words) ?? nothing)
        : interrupted.length === 0 && !background?.rows.length
          ? html`<div class="empty" part="empty"><slot name="empty">${t.empty}</slot></div>`
          : nothing}
      ${this.#rows?.summary(wording) ?? nothing}
      <div class="visually-hidden" role="status" lang=${this.#announcer.messageLang || nothing}>${this.#announcer.message.map((line) => html`<p>${line}</p>`)}</div>
    </div>`;
  }

  /** The words of this moment, with the limits as the page wrote them. */
  #wording(): Wording {
    const words = this.#wordsFor(this.#lang());
    return { ...words, now: performance.now(), limits: limitsOf(this.accept || '', [this.maxFileSize, this.minFileSize, this.maxTotalSize], words.f) };
  }

  /** The element's language: its own `lang`, else the closest one up the page, else the browser's. */
  #lang(): string {
    return this.lang || this.parentElement?.closest('[lang]')?.getAttribute('lang') || navigator.language;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The rows' code is fetched at idle, as the engine is, so the first file's row need not wait for it.
    (globalThis.requestIdleCallback ?? setTimeout)(() => import('./rows/rows-part.ts').catch(() => undefined));
  }

  /** The list's code, with the summary's: loaded with the first file, or fetched at idle (see `RowsPart`). */
  #rows: RowsPart | undefined;
  #rowsLoad: Promise<void> | undefined;

  #loadRows(): void {
    const load = () => import('./rows/rows-part.ts');
    this.#rowsLoad ??= loadPart(this, 'its list: files still upload, but no row is drawn', load, () => this.requestUpdate()).then((loaded) => {
      if (!loaded) return void (this.#rowsLoad = undefined); // asked again by a render once `loadPart` tries again
      this.#rows = new loaded.RowsPart(this, {
        items: () => this.#queue.items,
        tally: () => this.#queue.tally,
        takeChanged: () => this.#uploads.takeChanged(),
        retrying: () => this.#uploads.retrying,
        revise: (item) => this.#uploads.revise(item),
        asked: () => (this.#asked = true),
        wording: () => this.#wording(),
        imageEditor: () => this.imageEditor,
        extra: (item, wording) => this.#meta?.row(item, wording),
        all: (action) => this[action](),
      });
      // The rows' first drawing is not progress: on the next frame, not after the 100 ms pause.
      this.#asked = true;
      this.requestUpdate();
    });
  }

  /** @internal Complete once the rows are drawn: the first file's row waits for their code, which its render asked for. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.#rowsLoad;
    return super.getUpdateComplete();
  }

  #words: { lang: string; strings: Partial<UploadStrings> | undefined; t: UploadStrings; f: Formatter; wordsLang: string } | undefined;

  /** The same strings object from one render to the next, so unchanged rows can skip rendering. */
  #wordsFor(lang: string): { t: UploadStrings; f: Formatter; wordsLang: string } {
    const words = this.#words;
    if (words?.lang === lang && words.strings === this.strings) return words;
    this.#words = {
      lang,
      strings: this.strings,
      t: { ...this.#background.words, ...stringsFor(lang, this.strings) },
      f: formatterFor(lang),
      wordsLang: isTranslated(lang) ? lang : 'en',
    };
    return this.#words;
  }
}

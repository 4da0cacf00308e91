import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import type { Formatter } from '../i18n/format.ts';
import { interpolate } from '../i18n/interpolate.ts';
import { SETTINGS } from '../settings/settings.ts';
import { adoptCameraStyles } from './camera-styles.ts';
import type { UploadStrings } from '../i18n/strings.ts';
import { cameraEnglish, type CameraStrings } from '../i18n/camera-strings.ts';
import { cameraIds, canStream, openStream, problemOf, recordingType, startRecording, stopStream, takePhoto, type CameraProblem, type Recording } from './camera-media.ts';


/** Where the panel is: one field, moved only by `#set`. */
const STATES = Object.freeze({ closed: 'closed', starting: 'starting', live: 'live', recording: 'recording', problem: 'problem' });
export type CameraState = (typeof STATES)[keyof typeof STATES];

/** What the panel reads of the element: `camera`, `capture` (which side's camera, for the stream and the device's own picker), `multiple`, `directory`. */
export interface CameraHost extends ReactiveElement {
  camera: string | undefined;
  capture: string | undefined;
  multiple: boolean;
  directory: boolean;
}

/** The modes a `camera` value turns on; none for a value the element does not take (then it is said in the console). */
export function cameraModes(value: string | undefined): { photo: boolean; video: boolean } | undefined {
  if (value == null || SETTINGS.camera(value) === undefined) return undefined;
  const words = value.split(/\s+/);
  const both = value.trim() === '';
  return { photo: both || words.includes('photo'), video: both || words.includes('video') };
}

const PROBLEM_WORDS: Record<CameraProblem, keyof CameraStrings> = {
  unsupported: 'cameraUnsupported',
  denied: 'cameraDenied',
  missing: 'cameraMissing',
  failed: 'cameraFailed',
};

/**
 * The Camera button and its panel: a modal `<dialog>` with the live preview, Take photo,
 * Record/Stop, Switch camera and Close. Where the live camera cannot be had it says why and offers
 * the device's own camera (a file input with `capture`). Every track stops when it closes.
 */
export class CameraPanel implements ReactiveController {
  readonly #host: CameraHost;
  /** Lists files as the picker's are (every restriction applies). */
  readonly #add: (files: File[]) => void;
  #state: CameraState = STATES.closed;
  #problem: CameraProblem | undefined;
  #stream: MediaStream | undefined;
  #cameras: string[] = [];
  #recording: Recording | undefined;
  #recordingSince = 0;
  #ticker: ReturnType<typeof setInterval> | undefined;
  /** The live region's words: set at each change of state, so each is said once. */
  #said = '';
  #t: CameraStrings | undefined;
  /** Resolves once the preview shows a frame: a photo or a recording waits for it. */
  #frame: Promise<void> | undefined;
  #framed: (() => void) | undefined;
  /** Streams asked for so far: an answer to an earlier ask is stopped, never kept. */
  #starts = 0;

  constructor(host: CameraHost, add: (files: File[]) => void) {
    this.#host = host;
    this.#add = add;
    host.addController(this);
    adoptCameraStyles(host.renderRoot as ShadowRoot);
    host.requestUpdate(); // the button shows
  }

  /** Several files: the panel stays open after a capture, for the next. */
  get #multiple(): boolean {
    return this.#host.multiple || this.#host.directory;
  }

  get state(): CameraState {
    return this.#state;
  }

  hostDisconnected(): void {
    void this.#close(false);
  }

  hostUpdated(): void {
    // `camera` removed (or set to a value not taken) while the panel is open: the panel is gone, so is the camera.
    if (this.#state !== STATES.closed && !cameraModes(this.#host.camera)) void this.#close(false);
  }

  #set(state: CameraState, said?: string): void {
    this.#state = state;
    if (said !== undefined) this.#said = said;
    this.#host.requestUpdate();
  }

  #part<T extends Element>(selector: string): T | null {
    return this.#host.renderRoot.querySelector<T>(selector);
  }

  /** The button and the panel, in the element's words (English for those its language and `strings` lack); nothing for a `camera` value not taken. */
  render(words: UploadStrings, f: Formatter, disabled: boolean): TemplateResult | typeof nothing {
    const modes = cameraModes(this.#host.camera);
    if (!modes) return nothing;
    const t = (this.#t = { ...cameraEnglish, ...words } as CameraStrings);
    const state = this.#state;
    const capture = this.#host.capture;
    const accept = [modes.photo && 'image/*', modes.video && 'video/*'].filter(Boolean).join(',');
    const recording = state === STATES.recording;
    const seconds = recording ? Math.floor((performance.now() - this.#recordingSince) / 1000) : 0;
    const streaming = state !== STATES.problem;
    return html`<button type="button" class="choose camera-open" part="camera-button" ?disabled=${disabled} @click=${this.#open}>
        ${cameraIcon}<span>${t.camera}</span>
      </button>
      <dialog class="camera panel" part="camera-panel" aria-label=${t.camera} @close=${this.#onClose}>
        ${streaming
          ? html`<div class="camera-view">
              <video part="camera-preview" muted autoplay playsinline .srcObject=${this.#stream ?? null} @loadeddata=${this.#onFrame}></video>
              ${recording
                ? html`<p class="camera-recording" part="camera-recording"><span class="camera-dot" aria-hidden="true"></span>${t.cameraRecording}
                    <time datetime=${`PT${seconds}S`}>${clock(seconds, f)}</time></p>`
                : nothing}
            </div>`
          : html`<p class="camera-problem" part="camera-problem">${this.#problem ? t[PROBLEM_WORDS[this.#problem]] : ''}</p>`}
        <div class="camera-actions" part="camera-actions">
          ${streaming && modes.photo && !recording
            ? html`<button type="button" class="choose" part="camera-photo-button" autofocus @click=${this.#photo}>${t.cameraTakePhoto}</button>`
            : nothing}
          ${streaming && modes.video
            ? html`<button type="button" class=${recording ? 'choose camera-stop' : modes.photo ? 'again' : 'choose'} part="camera-record-button" ?autofocus=${!modes.photo}
                @click=${recording ? this.#stopRecording : this.#record}>${recording ? t.cameraStop : t.cameraRecord}</button>`
            : nothing}
          ${streaming && !recording && this.#cameras.length > 1
            ? html`<button type="button" class="again" part="camera-switch-button" @click=${this.#switch}>${t.cameraSwitch}</button>`
            : nothing}
          ${streaming
            ? nothing
            : html`<button type="button" class="choose camera-native" part="camera-native-button" @click=${this.#native}>${t.cameraNative}</button>`}
          <button type="button" class="again" part="camera-close-button" @click=${() => this.#close()}>${t.cameraClose}</button>
        </div>
        <input type="file" hidden accept=${accept} capture=${capture || ''} ?multiple=${this.#multiple} @change=${this.#onNative} />
        <div class="visually-hidden" role="status">${this.#said}</div>
      </dialog>`;
  }

  #open = async (): Promise<void> => {
    if (this.#state !== STATES.closed) return;
    this.#frame = new Promise((resolve) => (this.#framed = resolve));
    this.#set(STATES.starting, this.#t?.cameraStarting);
    await this.#host.updateComplete;
    this.#part<HTMLDialogElement>('dialog.camera')?.showModal();
    if (!canStream()) return this.#fail('unsupported');
    await this.#start();
  };

  /** Asks for the stream (a given camera, else the side `capture` names), then lists the cameras. */
  async #start(deviceId?: string): Promise<void> {
    const modes = cameraModes(this.#host.camera);
    const ticket = ++this.#starts;
    let stream: MediaStream;
    try {
      stream = await openStream({ deviceId, capture: this.#host.capture, audio: !!modes?.video });
    } catch (error) {
      if (this.#state !== STATES.closed && ticket === this.#starts) this.#fail(problemOf(error));
      return;
    }
    // Closed while the browser asked, or asked again since (Switch pressed twice, closed and opened
    // again): only the newest stream is kept, nothing else may keep the camera on.
    if (this.#state === STATES.closed || ticket !== this.#starts) return stopStream(stream);
    this.#stream = stream;
    this.#cameras = await cameraIds();
    this.#host.requestUpdate();
  }

  /** The live camera is not to be had: nothing keeps it on, and the panel offers the device's own. */
  #fail(problem: CameraProblem): void {
    clearInterval(this.#ticker);
    this.#recording = undefined;
    stopStream(this.#stream);
    this.#stream = undefined;
    this.#problem = problem;
    this.#set(STATES.problem, this.#t?.[PROBLEM_WORDS[problem]]);
    // The buttons that had the focus are gone: it goes to the device's own camera.
    void this.#host.updateComplete.then(() => this.#part<HTMLElement>('.camera-native')?.focus());
  }

  #onFrame = (): void => {
    this.#framed?.();
    if (this.#state === STATES.starting) this.#set(STATES.live, '');
  };

  #photo = async (): Promise<void> => {
    await this.#frame;
    const preview = this.#part<HTMLVideoElement>('.camera video');
    if (!preview || this.#state !== STATES.live) return;
    try {
      this.#added(await takePhoto(preview));
    } catch {
      this.#fail('failed'); // no frame could be encoded
    }
  };

  #record = async (): Promise<void> => {
    await this.#frame;
    const type = recordingType();
    if (!this.#stream || this.#state !== STATES.live) return;
    try {
      // No MediaRecorder, or one that refuses this stream: as a camera that would not start.
      if (type === undefined) throw new Error('No MediaRecorder');
      this.#recording = startRecording(this.#stream, type);
    } catch {
      return this.#fail('failed');
    }
    this.#recordingSince = performance.now();
    // The elapsed time on screen, each second (not said: the live region says "Recording" once).
    this.#ticker = setInterval(() => this.#host.requestUpdate(), 1000);
    this.#set(STATES.recording, this.#t?.cameraRecording);
    await this.#host.updateComplete;
    this.#part<HTMLElement>('.camera-stop')?.focus(); // Take photo, which had it, is gone while recording
  };

  #stopRecording = async (): Promise<void> => {
    const file = await this.#endRecording();
    if (!file) return;
    this.#set(STATES.live);
    this.#added(file);
    await this.#host.updateComplete;
    this.#part<HTMLElement>('[part="camera-record-button"]')?.focus();
  };

  async #endRecording(): Promise<File | undefined> {
    const recording = this.#recording;
    this.#recording = undefined;
    clearInterval(this.#ticker);
    return recording?.stop();
  }

  #switch = async (): Promise<void> => {
    const current = this.#stream?.getVideoTracks()[0]?.getSettings().deviceId;
    const next = this.#cameras[(this.#cameras.indexOf(current ?? '') + 1) % this.#cameras.length];
    // One camera at a time: a phone may not open the second while the first is on.
    stopStream(this.#stream);
    this.#stream = undefined;
    this.#frame = new Promise((resolve) => (this.#framed = resolve));
    this.#set(STATES.starting, this.#t?.cameraStarting);
    await this.#start(next);
  };

  /** A photo or a video taken: listed like a picked file; with one file at a time the panel closes. */
  #added(file: File): void {
    this.#add([file]);
    if (!this.#multiple) return void this.#close();
    this.#said = this.#t ? interpolate(this.#t.cameraAdded, { name: file.name }, false) : '';
    this.#host.requestUpdate();
  }

  #native = (): void => this.#part<HTMLInputElement>('dialog.camera input')?.click();

  #onNative = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length) this.#add(files);
    void this.#close();
  };

  /** Escape closes the dialog itself. */
  #onClose = (): void => void this.#close();

  /**
   * Stops every track (the camera's light goes off), keeps a recording under way (added to the list),
   * closes the panel and gives the focus back to the Camera button.
   */
  async #close(refocus = true): Promise<void> {
    if (this.#state === STATES.closed) return;
    const wasRecording = this.#state === STATES.recording;
    this.#set(STATES.closed, '');
    const recorded = wasRecording ? this.#endRecording() : undefined;
    stopStream(this.#stream);
    this.#stream = undefined;
    this.#problem = undefined;
    this.#framed = undefined;
    const dialog = this.#part<HTMLDialogElement>('dialog.camera');
    if (dialog?.open) dialog.close();
    if (refocus) this.#part<HTMLElement>('.camera-open')?.focus();
    const file = await recorded;
    if (file) this.#add([file]);
  }
}

/** `1:05`, in the language's digits. */
function clock(seconds: number, f: Formatter): string {
  return `${f.count(Math.floor(seconds / 60))}:${f.count(seconds % 60).padStart(2, f.count(0))}`;
}

const cameraIcon = html`<svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" stroke-width="2"
  stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M4 8h3l2-3h6l2 3h3v11H4z" /><circle cx="12" cy="13" r="3.5" /></svg>`;

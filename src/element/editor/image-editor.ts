import { html, nothing, render, type TemplateResult } from 'lit';
import type { Formatter } from '../i18n/format.ts';
import { interpolate } from '../i18n/interpolate.ts';
import { drawEdit } from './draw-edit.ts';
import { flip, moveArea, moveEdges, rotate, shownSize, squareIn, stepOf, untouched, type Area, type Edit } from './edit-geometry.ts';
import type { EditorStrings } from '../i18n/editor-strings.ts';
import { editorStyles } from './editor-styles.ts';

/** The preview is drawn at most this many pixels on its longer side: enough for a screen, cheap to turn. */
const PREVIEW_PX = 1200;

export interface EditorWords {
  t: EditorStrings & { edit: string };
  f: Formatter;
  /** The language of the words, for the dialog's `lang`. */
  lang: string;
}

type Handle = 'nw' | 'ne' | 'sw' | 'se';
type Drag = { handle: Handle | undefined; pointer: number; startX: number; startY: number; start: Area; pxPerImagePx: number };

/**
 * The editor's dialog (`<dialog>`, modal: the page behind is inert, Escape cancels): the image as
 * edited with the kept area on it, moved and resized by pointer or keyboard, and buttons to turn,
 * mirror, reset and choose the area's shape. Save awaits `save` with the edit before the dialog
 * closes, so nothing on the page can change the row meanwhile; `closed` is called once it has closed.
 */
export class ImageEditor {
  readonly #dialog: HTMLDialogElement;
  readonly #image: ImageBitmap;
  readonly #name: string;
  readonly #words: EditorWords;
  readonly #saveEdit: (edit: Edit) => Promise<void>;
  #edit: Edit;
  #drawn: Edit | undefined;
  #drag: Drag | undefined;
  #saying: ReturnType<typeof setTimeout> | undefined;
  #said = '';
  #saving = false;
  /** The last Save failed: said in the dialog, which stays open with the edit as it was. */
  #failed = false;

  constructor(root: ShadowRoot, image: ImageBitmap, name: string, words: EditorWords, save: (edit: Edit) => Promise<void>, closed: () => void) {
    this.#image = image;
    this.#name = name;
    this.#words = words;
    this.#saveEdit = save;
    this.#edit = untouched(image.width, image.height);
    this.#dialog = dialogIn(root, words.lang, 'editor-title');
    // Escape, and every other way out, ends in `close`.
    this.#dialog.addEventListener('close', () => {
      this.#dialog.remove();
      clearTimeout(this.#saying);
      closed();
    });
    // Not while the edited image is written: it is saved, then the dialog closes.
    this.#dialog.addEventListener('cancel', (event) => this.#saving && event.preventDefault());
    this.#render();
    this.#dialog.showModal();
    this.#dialog.querySelector<HTMLElement>('.crop')!.focus();
  }

  /** The edit as it stands (for tests and the page's own checks). */
  get edit(): Edit {
    return this.#edit;
  }

  #set(edit: Edit, say = false): void {
    this.#edit = edit;
    this.#render();
    if (say) this.#sayLater();
  }

  #render(): void {
    const { t } = this.#words;
    const { width, height } = this.#image;
    const edit = this.#edit;
    const [shownWidth, shownHeight] = shownSize(edit, width, height);
    const { crop } = edit;
    const percent = (value: number, of: number) => `${(value / of) * 100}%`;
    const turn = (way: 1 | -1) => () => this.#set(rotate(this.#edit, width, height, way), true);
    const mirror = (axis: 'x' | 'y') => () => this.#set(flip(this.#edit, width, height, axis));
    const shape = (square: boolean) => () => this.#set({ ...this.#edit, square, crop: square ? squareIn(this.#edit.crop) : this.#edit.crop }, true);
    const button = (label: string, action: () => void, pressed?: boolean): TemplateResult =>
      html`<button type="button" class="again" aria-pressed=${pressed === undefined ? nothing : String(pressed)} @click=${action}>${label}</button>`;
    render(
      html`<h2 id="editor-title">${interpolate(t.edit, { name: this.#name })}</h2>
        <div class="stage">
          <div class="frame" style="--ratio: ${shownWidth} / ${shownHeight}">
            <canvas></canvas>
            <div
              class="crop"
              role="application"
              tabindex="0"
              aria-label=${t.editorCrop}
              aria-describedby="editor-size editor-help"
              style="left: ${percent(crop.x, shownWidth)}; top: ${percent(crop.y, shownHeight)}; width: ${percent(crop.width, shownWidth)}; height: ${percent(crop.height, shownHeight)}"
              @keydown=${this.#onKey}
              @pointerdown=${this.#onPointerDown}
              @pointermove=${this.#onPointerMove}
              @pointerup=${this.#onPointerUp}
              @pointercancel=${this.#onPointerUp}
            >
              ${(['nw', 'ne', 'sw', 'se'] as const).map((handle) => html`<span class="handle" data-handle=${handle}></span>`)}
            </div>
          </div>
        </div>
        <p id="editor-size">${this.#sizeText()}</p>
        <p id="editor-help">${t.editorCropHelp}</p>
        <div class="tools">
          ${button(t.editorRotateLeft, turn(-1))}${button(t.editorRotateRight, turn(1))}${button(t.editorFlipHorizontal, mirror('x'))}${button(
            t.editorFlipVertical,
            mirror('y'),
          )}
          <div role="group" aria-label=${t.editorShape}>${button(t.editorShapeFree, shape(false), !edit.square)}${button(t.editorShapeSquare, shape(true), edit.square)}</div>
          ${button(t.editorReset, () => this.#set(untouched(width, height), true))}
        </div>
        ${this.#failed ? html`<p id="editor-failed" class="editor-failed" role="alert">${t.editorSaveFailed}</p>` : nothing}
        <div class="end">
          <button type="button" class="again" @click=${() => this.#saving || this.#dialog.close()}>${t.editorCancel}</button>
          <button type="button" class="choose" @click=${this.#save}>${t.editorSave}</button>
        </div>
        <div class="visually-hidden" aria-live="polite">${this.#said}</div>`,
      this.#dialog,
    );
    this.#draw();
  }

  /** The preview again, only when the image turned or mirrored (not when the area moved). */
  #draw(): void {
    const edit = this.#edit;
    const drawn = this.#drawn;
    if (drawn && drawn.rotation === edit.rotation && drawn.flipX === edit.flipX && drawn.flipY === edit.flipY) return;
    this.#drawn = edit;
    const { width, height } = this.#image;
    const [shownWidth, shownHeight] = shownSize(edit, width, height);
    const scale = Math.min(1, PREVIEW_PX / Math.max(shownWidth, shownHeight));
    const canvas = this.#dialog.querySelector('canvas')!;
    canvas.width = Math.max(1, Math.round(shownWidth * scale));
    canvas.height = Math.max(1, Math.round(shownHeight * scale));
    drawEdit(canvas.getContext('2d')!, this.#image, width, height, edit, scale);
  }

  #sizeText(): string {
    const { crop } = this.#edit;
    const { count } = this.#words.f;
    return interpolate(this.#words.t.editorCropSize, { width: count(crop.width), height: count(crop.height), left: count(crop.x), top: count(crop.y) });
  }

  /** The area's size and place, said once the keys or the pointer rest: not at every step. */
  #sayLater(): void {
    clearTimeout(this.#saying);
    this.#saying = setTimeout(() => {
      this.#said = this.#sizeText();
      this.#render();
    }, 600);
  }

  #onKey = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const edit = this.#edit;
    const [shownWidth, shownHeight] = shownSize(edit, this.#image.width, this.#image.height);
    const step = stepOf(shownWidth, shownHeight);
    const [dx, dy] = [move[0] * step, move[1] * step];
    const crop = event.shiftKey
      ? moveEdges(edit.crop, { right: dx || (edit.square ? dy : 0), bottom: dy || (edit.square ? dx : 0) }, shownWidth, shownHeight, step, edit.square)
      : moveArea(edit.crop, dx, dy, shownWidth, shownHeight);
    this.#set({ ...edit, crop }, true);
  };

  #onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    const crop = event.currentTarget as HTMLElement;
    const frame = crop.parentElement!;
    // Moves keep coming while the pointer leaves the area (a drag outside the image); a pointer the browser does not track (a synthetic one) is followed without.
    try {
      crop.setPointerCapture(event.pointerId);
    } catch {}
    const [shownWidth] = shownSize(this.#edit, this.#image.width, this.#image.height);
    const handle = (event.target as HTMLElement).dataset.handle as Handle | undefined;
    this.#drag = { handle, pointer: event.pointerId, startX: event.clientX, startY: event.clientY, start: this.#edit.crop, pxPerImagePx: frame.getBoundingClientRect().width / shownWidth };
    event.preventDefault();
  };

  #onPointerMove = (event: PointerEvent) => {
    const drag = this.#drag;
    if (!drag || drag.pointer !== event.pointerId) return;
    const edit = this.#edit;
    const [shownWidth, shownHeight] = shownSize(edit, this.#image.width, this.#image.height);
    const dx = (event.clientX - drag.startX) / drag.pxPerImagePx;
    const dy = (event.clientY - drag.startY) / drag.pxPerImagePx;
    const { handle } = drag;
    const crop = handle
      ? moveEdges(
          drag.start,
          { [handle[1] === 'w' ? 'left' : 'right']: dx, [handle[0] === 'n' ? 'top' : 'bottom']: dy },
          shownWidth,
          shownHeight,
          stepOf(shownWidth, shownHeight),
          edit.square,
        )
      : moveArea(drag.start, Math.round(dx), Math.round(dy), shownWidth, shownHeight);
    this.#set({ ...edit, crop });
  };

  #onPointerUp = (event: PointerEvent) => {
    if (this.#drag?.pointer !== event.pointerId) return;
    this.#drag = undefined;
    this.#sayLater();
  };

  /** A Save that fails (a canvas too large to write) keeps the dialog open and says so: the edit is not lost, nor taken as saved. */
  #save = async () => {
    if (this.#saving) return;
    this.#saving = true;
    try {
      await this.#saveEdit(this.#edit);
    } catch {
      this.#saving = false;
      this.#failed = true;
      this.#render();
      return;
    }
    this.#dialog.close();
  };
}

/** An empty modal dialog of the editor at the end of the element's shadow root, its styles adopted there once. */
export function dialogIn(root: ShadowRoot, lang: string, labelledBy: string, role = 'dialog'): HTMLDialogElement {
  const sheet = editorStyles.styleSheet;
  if (sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const holder = document.createDocumentFragment();
  render(html`<dialog class="editor panel" part="editor" role=${role === 'dialog' ? nothing : role} aria-labelledby=${labelledBy} lang=${lang}></dialog>`, holder);
  const dialog = holder.querySelector('dialog')!;
  root.append(dialog);
  return dialog;
}

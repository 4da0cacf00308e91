import { html, render } from 'lit';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import { isActive } from '../../engine/state.ts';
import { shownName } from '../../utils/shown-name.ts';
import type { Wording } from '../render/describe.ts';
import { editedFile } from './draw-edit.ts';
import type { Edit } from './edit-geometry.ts';
import { editorEnglish } from '../i18n/editor-strings.ts';
import { dialogIn, ImageEditor } from './image-editor.ts';

const editing = new WeakSet<UploadItem>();

/** What the editor needs of the element: its shadow root, and when it rendered. */
export interface EditorHost {
  renderRoot: HTMLElement | DocumentFragment;
  updateComplete: Promise<boolean>;
}

/**
 * Opens the editor on an image row. An upload under way or waiting is paused while it is open.
 * Save puts the edited file in the item's place (`item.replaceFile`: the session begun is ended and
 * forgotten, the new file uploads from its first byte); Cancel leaves the file as it was. Either way
 * an upload the editor paused goes on, and the focus goes back to the row's Edit button (to the row
 * when the edited file was refused by the list's rules and the row has no Edit button any more).
 */
export async function editImage(host: EditorHost, item: UploadItem, wording: Wording): Promise<void> {
  if (editing.has(item)) return; // a second click while the image is read
  editing.add(item);
  const root = host.renderRoot as ShadowRoot;
  const t = { ...editorEnglish, ...wording.t };
  const words = { t, f: wording.f, lang: wording.wordsLang ?? 'en' };
  const paused = item.status === 'queued' || isActive(item.status);
  if (paused) item.pause();
  const backToRow = async () => {
    editing.delete(item);
    if (paused) item.resume();
    await host.updateComplete;
    // A row whose edited file was refused (too large) has no Edit button any more: then the row itself.
    const row = root.querySelector<HTMLElement>(`[data-item="${item.id}"]`);
    (row?.querySelector<HTMLElement>('[data-action="edit"]') ?? (row && Object.assign(row, { tabIndex: -1 })))?.focus();
  };
  const file = item.file;
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file);
  } catch {
    return unreadable(root, t.editorUnreadable, t.editorCancel, words.lang, () => void backToRow());
  }
  const save = async (edit: Edit) => {
    // The item may have moved on while the dialog was open (cancelled by script): then it keeps its file.
    if (item.file === file) item.replaceFile(await editedFile(file, image, image.width, image.height, edit));
  };
  new ImageEditor(root, image, shownName(file.name), words, save, () => {
    image.close();
    void backToRow();
  });
}

/** The image could not be decoded: said in a dialog of its own, which only closes. */
function unreadable(root: ShadowRoot, message: string, close: string, lang: string, closed: () => void): void {
  const dialog = dialogIn(root, lang, 'editor-unreadable', 'alertdialog');
  render(html`<p id="editor-unreadable">${message}</p><div class="end"><button type="button" class="again" autofocus @click=${() => dialog.close()}>${close}</button></div>`, dialog);
  dialog.addEventListener('close', () => (dialog.remove(), closed()));
  dialog.showModal();
}

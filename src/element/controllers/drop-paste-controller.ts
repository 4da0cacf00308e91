import type { ReactiveController, ReactiveElement } from 'lit';
import type { DroppedItem } from '../folders/walk-folders.ts';
import type { IncomingFile } from '../../queue/item/upload-item.ts';
import type { KeptHandles } from '../folders/kept-handles.ts';

/** What the element tells the drop zone; read at the moment it is needed. */
export interface DropPasteSettings {
  /** No new files: a drop shows `dropEffect: 'none'` and adds nothing. */
  disabled(): boolean;
  /** Take files pasted anywhere on the page (`paste="page"`), not only while focus is inside. */
  pasteOnPage(): boolean;
  /** Where Chromium gives one, each file's handle goes here, kept with its session. */
  handles: KeptHandles;
  add(files: IncomingFile[]): void;
}

/**
 * Files dropped on the element (folders walked to the bottom) or pasted into it, or anywhere on the
 * page with `paste="page"`. While files are dragged over it the host has the `dragover` attribute
 * (for styling).
 */
export class DropPasteController implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #settings: DropPasteSettings;
  #dragDepth = 0;

  constructor(host: ReactiveElement, settings: DropPasteSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  hostConnected(): void {
    const host = this.#host;
    host.addEventListener('dragenter', this.#onDrag);
    host.addEventListener('dragover', this.#onDrag);
    host.addEventListener('dragleave', this.#onDragLeave);
    host.addEventListener('drop', this.#onDrop);
    host.addEventListener('paste', this.#onPaste);
    // Bubbling, so an editor on the page that takes the paste itself (preventDefault) keeps it.
    document.addEventListener('paste', this.#onPaste);
  }

  hostDisconnected(): void {
    const host = this.#host;
    host.removeEventListener('dragenter', this.#onDrag);
    host.removeEventListener('dragover', this.#onDrag);
    host.removeEventListener('dragleave', this.#onDragLeave);
    host.removeEventListener('drop', this.#onDrop);
    host.removeEventListener('paste', this.#onPaste);
    document.removeEventListener('paste', this.#onPaste);
    this.#dragDepth = 0;
    host.removeAttribute('dragover');
  }

  #onDrag = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault(); // allows the drop, and keeps the browser from opening the file instead
    const disabled = this.#settings.disabled();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (event.type === 'dragenter') this.#dragDepth++;
    this.#host.toggleAttribute('dragover', !disabled);
  };

  // dragenter/dragleave fire for every child crossed: count them to know when the pointer really left.
  #onDragLeave = () => {
    this.#dragDepth = Math.max(0, this.#dragDepth - 1);
    if (this.#dragDepth === 0) this.#host.removeAttribute('dragover');
  };

  #onDrop = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    this.#dragDepth = 0;
    this.#host.removeAttribute('dragover');
    if (this.#settings.disabled()) return;
    // Files, entries and handles must be asked for during the event: its items are dead once it returns.
    const items: DroppedItem[] = [...event.dataTransfer.items]
      .filter((item) => item.kind === 'file')
      .map((item) => ({ file: item.getAsFile(), entry: item.webkitGetAsEntry?.() ?? null, handle: handleOf(item) }));
    const { handles, add } = this.#settings;
    if (items.some(({ entry }) => entry?.isDirectory)) {
      void import('../folders/walk-folders.ts').then(({ filesOfDrop }) => filesOfDrop(items, handles)).then(add);
      return;
    }
    const files: IncomingFile[] = [];
    for (const { file, handle } of items) {
      if (!file) continue;
      handles.set(file, handle); // awaited when the upload starts
      files.push({ file, relativePath: file.name });
    }
    add(files);
  };

  #onPaste = (event: ClipboardEvent) => {
    // The element's own listener comes first; the page's sees what it left.
    if (event.defaultPrevented || (event.currentTarget === document && !this.#settings.pasteOnPage())) return;
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0 || this.#settings.disabled()) return;
    event.preventDefault();
    this.#settings.add(files.map((file) => ({ file, relativePath: file.name })));
  };
}

/** Chromium's `getAsFileSystemHandle()`, where there is one; a failure only means no handle. */
function handleOf(entry: DataTransferItem): Promise<FileSystemHandle | null | undefined> {
  const withHandle = entry as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
  return withHandle.getAsFileSystemHandle?.().catch(() => undefined) ?? Promise.resolve(undefined);
}

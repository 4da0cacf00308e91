import type { ReactiveController, ReactiveElement } from 'lit';
import type { KeptHandles } from '../picker/kept-handles.ts';

/** What the element tells the drop zone; read at the moment it is needed. */
export interface DropPasteSettings {
  /** No new files: a drop shows `dropEffect: 'none'` and adds nothing. */
  disabled(): boolean;
  /** Where Chromium gives one, each file's handle goes here, kept with its session. */
  handles: KeptHandles;
  add(files: File[]): void;
}

/**
 * Files dropped on the element or pasted into it. While files are dragged over it the host has
 * the `dragover` attribute (for styling).
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
  }

  hostDisconnected(): void {
    const host = this.#host;
    host.removeEventListener('dragenter', this.#onDrag);
    host.removeEventListener('dragover', this.#onDrag);
    host.removeEventListener('dragleave', this.#onDragLeave);
    host.removeEventListener('drop', this.#onDrop);
    host.removeEventListener('paste', this.#onPaste);
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
    const files = [...event.dataTransfer.files];
    // Handles must be asked for during the event; they are awaited when each upload starts.
    const entries = [...event.dataTransfer.items].filter((entry) => entry.kind === 'file');
    if (entries.length === files.length) {
      entries.forEach((entry, index) => this.#settings.handles.set(files[index]!, handleOf(entry)));
    }
    this.#settings.add(files);
  };

  #onPaste = (event: ClipboardEvent) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0 || this.#settings.disabled()) return;
    event.preventDefault();
    this.#settings.add(files);
  };
}

/** Chromium's `getAsFileSystemHandle()`, where there is one; a failure only means no handle. */
function handleOf(entry: DataTransferItem): Promise<FileSystemHandle | null | undefined> {
  const withHandle = entry as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
  return withHandle.getAsFileSystemHandle?.().catch(() => undefined) ?? Promise.resolve(undefined);
}

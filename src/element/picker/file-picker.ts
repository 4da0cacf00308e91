import type { QueueCore } from '../../queue/queue-core.ts';
import type { KeptHandles } from '../folders/kept-handles.ts';

/** `showOpenFilePicker`'s code: loaded once `file-handles` is set, before a click needs it. */
let picker: typeof import('./choose-file-handles.ts') | undefined;
export const pickerChunk = () => import('./choose-file-handles.ts').then((loaded) => (picker = loaded));

/** The element, as its picker reads it: the settings of a choice, and the file input it renders. */
interface Host {
  readonly renderRoot: ParentNode;
  readonly fileHandles: boolean;
  readonly accept: string;
  readonly multiple: boolean;
  readonly directory: boolean;
}

/**
 * The element's buttons' side of choosing files: `showOpenFilePicker` with `file-handles` (the
 * handles kept with the files), else the file input.
 */
export class FilePicker {
  readonly #host: Host;
  /** Where chosen files go. */
  readonly #queue: QueueCore;
  /** Where Chromium gives one: each file's handle, kept with its session when it starts. */
  readonly handles: KeptHandles = new WeakMap();

  constructor(host: Host, queue: QueueCore) {
    this.#host = host;
    this.#queue = queue;
  }

  /** The button with `data-folder` picks a folder (`directory`), the others files. */
  choose = async (event?: Event) => {
    const host = this.#host;
    const folder = !!(event?.currentTarget as HTMLElement | undefined)?.hasAttribute('data-folder');
    const input = host.renderRoot.querySelector('input')!;
    input.webkitdirectory = folder;
    // The picker opens in the click's own task when its code is in (loaded with `file-handles`): after a
    // wait for a module in between, Chromium opened no picker for a key press (e2e: the keyboard flow).
    const chosen = folder
      ? host.fileHandles && (await import('../folders/walk-folders.ts').then(({ chooseFolderHandle }) => chooseFolderHandle(this.handles)))
      : host.fileHandles && (await (picker ?? (await pickerChunk())).chooseFileHandles(host.accept, host.multiple || host.directory, this.handles));
    if (chosen) this.#queue.add(chosen);
    else input.click();
  };

  /** The file input's `change`. */
  picked = (event: Event) => {
    const input = event.target as HTMLInputElement;
    this.#queue.add([...(input.files ?? [])]);
    input.value = ''; // choosing the same file again must fire `change` again
  };
}

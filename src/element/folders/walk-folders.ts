// Loaded only when a folder is dropped or chosen with `directory` and `file-handles`: most pages never need it.
import type { IncomingFile } from '../../queue/item/upload-item.ts';
import type { KeptHandles } from './kept-handles.ts';

/** One item of a drop, read during the event (a `DataTransferItem` is dead once it returns). */
export interface DroppedItem {
  file: File | null;
  /** `webkitGetAsEntry()`: Chromium, Firefox and Safari. */
  entry: FileSystemEntry | null;
  /** `getAsFileSystemHandle()` where there is one (Chromium): a directory's handle gives its files' handles. */
  handle: Promise<FileSystemHandle | null | undefined>;
}

// Async iteration of a directory handle; not in TypeScript's DOM lib without DOM.AsyncIterable.
type IterableDirectory = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The files of a drop, each folder walked to the bottom, in name order; each file's `relativePath`
 * starts with its dropped folder's name. Files of a folder that gave its handle keep theirs.
 */
export async function filesOfDrop(items: readonly DroppedItem[], kept: KeptHandles): Promise<IncomingFile[]> {
  const lists = await Promise.all(
    items.map(async ({ file, entry, handle }) => {
      if (entry?.isDirectory) {
        const directory = await handle;
        return directory?.kind === 'directory'
          ? filesOfDirectoryHandle(directory as FileSystemDirectoryHandle, directory.name, kept)
          : filesOfDirectoryEntry(entry as FileSystemDirectoryEntry, entry.name);
      }
      if (!file) return [];
      kept.set(file, handle);
      return [{ file, relativePath: file.name }];
    }),
  );
  return lists.flat();
}

/** Every file under a directory handle, each with its handle kept (so its upload can resume after a reload). */
export async function filesOfDirectoryHandle(directory: FileSystemDirectoryHandle, path: string, kept: KeptHandles): Promise<IncomingFile[]> {
  const children: FileSystemHandle[] = [];
  for await (const child of (directory as IterableDirectory).values()) children.push(child);
  const lists = await Promise.all(
    children.sort(byName).map(async (child): Promise<IncomingFile[]> => {
      const relativePath = `${path}/${child.name}`;
      if (child.kind === 'directory') return filesOfDirectoryHandle(child as FileSystemDirectoryHandle, relativePath, kept);
      const file = await (child as FileSystemFileHandle).getFile().catch(() => undefined);
      if (!file) return []; // gone or unreadable since the drop: nothing to upload
      kept.set(file, child);
      return [{ file, relativePath }];
    }),
  );
  return lists.flat();
}

/** Every file under a directory entry (the entries API: no handles). */
async function filesOfDirectoryEntry(directory: FileSystemDirectoryEntry, path: string): Promise<IncomingFile[]> {
  const children = (await readAll(directory)).sort(byName);
  const lists = await Promise.all(
    children.map(async (child): Promise<IncomingFile[]> => {
      const relativePath = `${path}/${child.name}`;
      if (child.isDirectory) return filesOfDirectoryEntry(child as FileSystemDirectoryEntry, relativePath);
      const file = await new Promise<File | undefined>((resolve) => (child as FileSystemFileEntry).file(resolve, () => resolve(undefined)));
      return file ? [{ file, relativePath }] : [];
    }),
  );
  return lists.flat();
}

/** `readEntries` gives a batch at a time (100 in Chromium) until an empty one. */
async function readAll(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    // A folder that cannot be read (permissions, removed since the drop) gives what it gave so far.
    const batch = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

// The File System Access API's folder picker; not yet in TypeScript's DOM types.
interface WithFolderPicker {
  showDirectoryPicker?(options?: { mode?: 'read' }): Promise<FileSystemDirectoryHandle>;
}

/**
 * A folder chosen with `showDirectoryPicker`, its files with their handles kept. `[]`: the person
 * cancelled. Undefined: no such picker, or it refused (a cross-origin frame): use the file input.
 */
export async function chooseFolderHandle(kept: KeptHandles): Promise<IncomingFile[] | undefined> {
  const picker = window as WithFolderPicker;
  if (!picker.showDirectoryPicker) return undefined;
  try {
    const directory = await picker.showDirectoryPicker({ mode: 'read' });
    return await filesOfDirectoryHandle(directory, directory.name, kept);
  } catch (error) {
    if ((error as Error | undefined)?.name === 'AbortError') return [];
  }
}

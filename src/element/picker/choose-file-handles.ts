import { pickerTypes, type PickerTypes } from './picker-types.ts';

// The File System Access API's picker; not yet in TypeScript's DOM types.
interface WithPicker {
  showOpenFilePicker?(options: PickerTypes & { multiple: boolean }): Promise<FileSystemFileHandle[]>;
}

/** Chromium shows one picker at a time and refuses a second: a double-click must not fall back to the input. */
let open = false;

/**
 * Files chosen with `showOpenFilePicker`, each handle put in `kept` under its file, so that after a
 * reload the upload can go on without a new choice. `[]`: the person cancelled, or a picker is open
 * already. Undefined: there is no such picker, or it refused (a cross-origin frame, a sandbox):
 * open the file input instead, while the click's activation lasts.
 */
export async function chooseFileHandles(
  accept: string,
  multiple: boolean,
  kept: { set(file: File, handle: FileSystemFileHandle): unknown },
): Promise<File[] | undefined> {
  const picker = window as WithPicker;
  if (!picker.showOpenFilePicker) return undefined;
  if (open) return [];
  open = true;
  try {
    const handles = await picker.showOpenFilePicker({ multiple, ...pickerTypes(accept) });
    return await Promise.all(
      handles.map(async (handle) => {
        const file = await handle.getFile();
        kept.set(file, handle);
        return file;
      }),
    );
  } catch (error) {
    if ((error as Error | undefined)?.name === 'AbortError') return [];
    // Anything else (SecurityError, NotAllowedError, a TypeError): undefined, the file input opens.
  } finally {
    open = false;
  }
}

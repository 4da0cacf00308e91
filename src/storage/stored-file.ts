import type { StoredUpload } from './stored-upload.ts';

// Chromium's File System Access API; not yet in TypeScript's DOM types.
interface PermissionAware {
  queryPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
}

/**
 * The file of an interrupted upload, from the handle kept with it, when the browser lets us read it
 * and it is still the same file. Asking permission needs a user gesture: call it from a click.
 * Undefined means the person has to choose the file again.
 */
export async function fileOfStoredUpload(record: StoredUpload): Promise<File | undefined> {
  const handle = record.fileHandle as (FileSystemFileHandle & PermissionAware) | undefined;
  if (!handle) return undefined;
  try {
    let permission = (await handle.queryPermission?.({ mode: 'read' })) ?? 'granted';
    if (permission === 'prompt') permission = (await handle.requestPermission?.({ mode: 'read' })) ?? 'denied';
    if (permission !== 'granted') return undefined;
    const file = await handle.getFile();
    return file.size === record.size && file.lastModified === record.lastModified ? file : undefined;
  } catch {
    return undefined; // deleted, moved, or the handle is no longer valid
  }
}

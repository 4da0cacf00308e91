/**
 * Where Chromium gives one (a dropped file, one chosen with `file-handles`, a resumed one): the
 * file's handle, or the promise of it (asked for during a drop), kept with its session when it starts.
 */
export type KeptHandles = WeakMap<File, FileSystemHandle | Promise<FileSystemHandle | null | undefined> | undefined>;

import { mkdirSync } from 'node:fs';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';

export const TUS_PATH = '/files';

/** @tus/server at its defaults, storing on disk with @tus/file-store, as its README sets it up. */
export function tusServer(directory: string): Server {
  mkdirSync(directory, { recursive: true });
  return new Server({ path: TUS_PATH, datastore: new FileStore({ directory }) });
}

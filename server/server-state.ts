import path from 'node:path';
import type { BodyBudget } from './buffered-body.ts';
import type { SessionRegistry } from './sessions.ts';
import type { ObjectStore } from './object-store.ts';

/** Everything the handlers share. */
export interface ServerState {
  dir: string;
  sessions: SessionRegistry;
  objects: ObjectStore;
  /** Where session URIs point; undefined: the address the request's connection arrived at. */
  publicUrl: URL | undefined;
  /** The largest upload, in bytes (Infinity: no limit). */
  maxUploadBytes: number;
  maxMultipartBytes: number;
  /** Bytes of request bodies held in memory at once, over all requests. */
  bodies: BodyBudget;
  /** Take a chunk that starts inside the committed bytes, ignoring the overlap, instead of refusing it. */
  acceptResentBytes: boolean;
  /** Finished objects are hashed (MD5, CRC-32C, SHA-256) for their final answer. */
  checksums: boolean;
}

/** Every chunk but the last is a multiple of 256 KiB; interrupted bodies are kept in whole blocks of it. */
export { CHUNK_QUANTUM } from '../src/utils/sizes.ts';

export const fileOf = (state: ServerState, id: string) => path.join(state.dir, id);

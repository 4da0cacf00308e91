import path from 'node:path';
import type { Fault } from './faults.ts';
import type { SessionRegistry } from './sessions.ts';
import type { StoredObject } from './stored-objects.ts';

/** Everything the handlers share. */
export interface ServerState {
  dir: string;
  sessions: SessionRegistry;
  /** Finished uploads by id (a resumable upload's id is its upload_id). */
  objects: Map<string, StoredObject>;
  /** Faults set through the control endpoint, for whichever upload starts next. */
  nextFaults: Fault[];
  maxMultipartBytes: number;
  /** Take a chunk that starts inside the committed bytes, ignoring the overlap, instead of refusing it. */
  acceptResentBytes: boolean;
  /** Finished objects are hashed (MD5, CRC-32C, SHA-256) for their final answer. */
  checksums: boolean;
}

/** Every chunk but the last is a multiple of 256 KiB; interrupted bodies are kept in whole blocks of it. */
export const CHUNK_QUANTUM = 256 * 1024;

export const fileOf = (state: ServerState, id: string) => path.join(state.dir, id);

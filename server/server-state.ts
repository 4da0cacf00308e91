import type { Fault } from './faults.ts';
import type { SessionRegistry } from './sessions.ts';
import type { StoredObject } from './stored-objects.ts';

/** Everything the handlers share. */
export interface ServerState {
  dir: string;
  sessions: SessionRegistry;
  objects: Map<string, StoredObject>;
  /** Faults set through the control endpoint, for whichever upload starts next. */
  nextFaults: Fault[];
  maxMultipartBytes: number;
}

export const CHUNK_QUANTUM = 256 * 1024;

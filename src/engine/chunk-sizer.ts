import { CHUNK_QUANTUM } from './options.ts';

export interface ChunkSizing {
  /** A fixed size: every chunk but the last has it. */
  fixed: number | undefined;
  /** Adaptive sizing: never below this… */
  min: number;
  /** …nor above this… */
  max: number;
  /** …aiming for requests that last this long. */
  targetMs: number;
}

/** At most this factor of growth per chunk, so one lucky fast request does not jump to the maximum. */
const MAX_GROWTH = 4;

function toQuantum(bytes: number): number {
  return Math.max(CHUNK_QUANTUM, Math.floor(bytes / CHUNK_QUANTUM) * CHUNK_QUANTUM);
}

/**
 * Picks the size of the next chunk. Adaptive: the first chunk is small so progress shows early;
 * then each chunk is sized from the last one's throughput so a request lasts about `targetMs`:
 * long enough that per-request costs vanish, short enough that a failure resends little.
 */
export class ChunkSizer {
  #next: number;

  constructor(private readonly sizing: ChunkSizing) {
    this.#next = sizing.fixed ?? sizing.min;
  }

  next(): number {
    return this.#next;
  }

  /** A chunk of `bytes` took `ms` from sending to the server's answer. */
  record(bytes: number, ms: number): void {
    const { fixed, min, max, targetMs } = this.sizing;
    if (fixed !== undefined || bytes < this.#next) return; // the last, shorter chunk says little
    const ideal = (bytes * targetMs) / Math.max(ms, 1);
    this.#next = toQuantum(Math.min(max, Math.max(min, Math.min(ideal, bytes * MAX_GROWTH))));
  }
}

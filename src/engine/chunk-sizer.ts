import { CHUNK_QUANTUM } from '../utils/sizes.ts';

export interface ChunkSizing {
  /** A fixed size: every chunk but the last has it. */
  fixed: number | undefined;
  /** Adaptive sizing: never below this (and the first chunk)… */
  min: number;
  /** …nor above this… */
  max: number;
  /** …and requests last at least about this long. */
  targetMs: number;
}

/**
 * The round trips spent idle — the session start's, and each chunk's wait for its answer before the
 * next can go — are kept under this share of the upload's sending time.
 */
const IDLE_SHARE = 0.01;
/**
 * A measured round trip may hold a connection's handshake: a chunk's sending time is taken as at
 * least this share of its whole time, so an overestimated round trip cannot make a link look endless.
 */
const MIN_SENDING_SHARE = 0.25;

function toQuantum(bytes: number): number {
  return Math.max(CHUNK_QUANTUM, Math.ceil(bytes / CHUNK_QUANTUM) * CHUNK_QUANTUM);
}

/**
 * Picks the size of the next chunk. Adaptive: the first chunk is the smallest, so progress shows
 * early. Its throughput, without the round trip the session start measured, gives the link's speed;
 * from then on the rest of the file goes in as few requests as keep the idle round trips (each
 * request waits one for its answer) under 1 % of the time, each lasting at least `targetMs`, none
 * above `max` — which is also the most a failure can make us send again.
 */
export class ChunkSizer {
  #next: number;
  #roundTripMs: number | undefined;
  /** Chunks sent so far, and how long their bytes took to send (round trips left out). */
  #chunks = 0;
  #sendingMs = 0;

  constructor(private readonly sizing: ChunkSizing) {
    this.#next = sizing.fixed ?? sizing.min;
  }

  next(): number {
    return this.#next;
  }

  /** A request without a body (the session start, a status query) took `ms`: a round trip, at most. */
  roundTrip(ms: number): void {
    this.#roundTripMs = Math.min(this.#roundTripMs ?? Infinity, ms);
  }

  /** A chunk of `bytes` took `ms` from sending to the server's answer; `remaining` bytes are left to send. */
  record(bytes: number, ms: number, remaining: number): void {
    const { fixed, min, max, targetMs } = this.sizing;
    if (fixed !== undefined || bytes < this.#next) return; // the last, shorter chunk says little
    const roundTripMs = Math.min(this.#roundTripMs ?? 0, ms);
    const sendingMs = Math.max(ms - roundTripMs, ms * MIN_SENDING_SHARE, 1);
    this.#chunks++;
    this.#sendingMs += sendingMs;
    const remainingMs = (remaining * sendingMs) / bytes;
    // Idle round trips the whole upload may spend: the session start's and one per chunk so far are spent.
    const idleBudget = Math.floor(((this.#sendingMs + remainingMs) * IDLE_SHARE) / Math.max(roundTripMs, 1));
    const requests = Math.max(1, Math.min(idleBudget - this.#chunks, Math.floor(remainingMs / targetMs)));
    this.#next = Math.min(max, Math.max(min, toQuantum(remaining / requests)));
  }
}

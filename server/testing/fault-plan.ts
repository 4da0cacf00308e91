import { NO_TWIST, type RequestKind, type Twist, type UploadHooks } from '../twist.ts';
import { corruptFirstByte } from './corrupt.ts';
import { FaultQueue, type Fault } from './faults.ts';

/** What a fault does to the request it is used on, in the protocol's terms. */
function twistOf(fault: Fault): Twist {
  switch (fault.kind) {
    case 'status':
      return { answer: { status: fault.status, body: fault.body ?? `Injected ${fault.status}`, headers: fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {} } };
    case 'expire':
      return { expire: fault.status ?? 404 };
    case 'reset':
      return { cut: { after: fault.afterBytes, keep: fault.commitBytes }, delivery: 'reset' };
    case 'partial':
      return { keepAtMost: fault.commitBytes };
    case 'omit-range':
      return { keepAtMost: 0, range: null };
    case 'range':
      return { range: fault.value };
    case 'omit-location':
      return { omitLocation: true };
    case 'early-final':
      return { finishEarly: true };
    case 'lose-response':
      return { delivery: 'lose' };
    case 'hold':
      return { delivery: 'hold' };
    case 'delay':
      return { delivery: { delayMs: fault.ms } };
    // These two mark the upload: its object is corrupted, its next final answer cut (below).
    case 'corrupt':
    case 'cut-final':
      return {};
  }
}

/** The faults of one upload: each request takes the first that matches it. */
export class FaultPlan implements UploadHooks {
  readonly #queue = new FaultQueue();
  /** A `corrupt` fault was used: the stored object gets its first byte flipped when it is finished. */
  #corrupt = false;
  /** A `cut-final` fault was used: the next final answer's JSON is cut after 10 bytes (still well framed). */
  #cutFinal = false;

  constructor(faults: readonly Fault[]) {
    this.#queue.add(faults);
  }

  /** Faults for this upload's next requests (`/__control/sessions/<id>/faults`). */
  add(faults: readonly Fault[]): void {
    this.#queue.add(faults);
  }

  next(kind: RequestKind): Twist {
    const fault = this.#queue.take(kind);
    if (!fault) return NO_TWIST;
    if (fault.kind === 'corrupt') this.#corrupt = true;
    if (fault.kind === 'cut-final') this.#cutFinal = true;
    return twistOf(fault);
  }

  async storing(file: string): Promise<void> {
    if (this.#corrupt) await corruptFirstByte(file);
  }

  finalBody(json: string): string {
    if (!this.#cutFinal) return json;
    this.#cutFinal = false;
    return json.slice(0, 10);
  }

  /** What the control endpoint shows of the faults. */
  describe() {
    return { faultsApplied: this.#queue.applied, faultsPending: this.#queue.pending };
  }
}

import type { RequestKind } from '../twist.ts';

/** Which requests a fault applies to: the session start, a chunk (a PUT with bytes), a status query, or either PUT. */
export type FaultMatch = 'start' | 'chunk' | 'query' | 'put';

/** Every fault is used up by the first request it matches; `times` makes it apply to that many requests. */
interface FaultBase {
  match?: FaultMatch;
  times?: number;
}

/** Misbehaviour the reference server can be told to show, one request at a time. */
export type Fault = FaultBase &
  (
    | { kind: 'status'; status: number; retryAfter?: string; body?: string }
    | { kind: 'reset'; afterBytes?: number; commitBytes?: number }
    | { kind: 'partial'; commitBytes: number }
    | { kind: 'lose-response' }
    | { kind: 'omit-range' }
    | { kind: 'range'; value: string }
    | { kind: 'omit-location' }
    | { kind: 'expire'; status?: 404 | 410 }
    | { kind: 'early-final' }
    | { kind: 'corrupt' }
    | { kind: 'cut-final' }
    | { kind: 'delay'; ms: number }
    // Never answers: the request is logged and left open, as by a server that hangs.
    | { kind: 'hold' }
  );

export type FaultKind = Fault['kind'];

const MATCHES = new Set<string>(['start', 'chunk', 'query', 'put']);

// For each kind, the fields it needs and their types, so a typo in a test fails loudly instead of doing nothing.
const REQUIRED: Record<FaultKind, Record<string, 'number' | 'string'>> = {
  status: { status: 'number' },
  reset: {},
  partial: { commitBytes: 'number' },
  'lose-response': {},
  'omit-range': {},
  range: { value: 'string' },
  'omit-location': {},
  expire: {},
  'early-final': {},
  corrupt: {},
  'cut-final': {},
  delay: { ms: 'number' },
  hold: {},
};
const OPTIONAL: Record<string, 'number' | 'string'> = {
  times: 'number',
  retryAfter: 'string',
  body: 'string',
  afterBytes: 'number',
  commitBytes: 'number',
  status: 'number',
};

function checkFault(value: unknown): Fault {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`A fault must be an object: ${JSON.stringify(value)}`);
  const fault = value as Record<string, unknown>;
  const kind = fault.kind;
  if (typeof kind !== 'string' || !(kind in REQUIRED)) throw new Error(`Unknown fault kind ${JSON.stringify(kind)}`);
  const required = REQUIRED[kind as FaultKind];
  for (const [field, type] of Object.entries(required)) {
    if (typeof fault[field] !== type) throw new Error(`Fault "${kind}" needs ${field} (a ${type})`);
  }
  for (const [field, type] of Object.entries(OPTIONAL)) {
    if (fault[field] !== undefined && typeof fault[field] !== type) throw new Error(`Fault "${kind}": ${field} must be a ${type}`);
  }
  for (const field of ['times', 'afterBytes', 'commitBytes', 'ms'] as const) {
    const number = fault[field];
    if (number !== undefined && (!Number.isSafeInteger(number) || (number as number) < 0)) {
      throw new Error(`Fault "${kind}": ${field} must be a whole number >= 0`);
    }
  }
  if (fault.match !== undefined && !MATCHES.has(String(fault.match))) {
    throw new Error(`Fault "${kind}": match must be start, chunk, query or put`);
  }
  if (kind === 'expire' && fault.status !== undefined && fault.status !== 404 && fault.status !== 410) {
    throw new Error('Fault "expire": status must be 404 or 410');
  }
  return { ...fault } as unknown as Fault;
}

/** Parses a fault list from the X-Test-Faults header or a control request; throws with a reason on anything else. */
export function parseFaults(text: string): Fault[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`Faults must be JSON: ${text.slice(0, 200)}`);
  }
  if (!Array.isArray(value)) throw new Error('Faults must be a JSON array');
  return value.map(checkFault);
}

function matches(fault: Fault, kind: RequestKind): boolean {
  if (fault.kind === 'omit-location') return kind === 'start';
  const match = fault.match ?? 'chunk';
  return match === kind || (match === 'put' && kind !== 'start');
}

/** Faults waiting for their request, in order: the first one that matches is used (and used up). */
export class FaultQueue {
  readonly #faults: Fault[] = [];
  /** How many requests each kind was applied to, for the control endpoint. */
  readonly applied: Partial<Record<FaultKind, number>> = {};

  add(faults: readonly Fault[]): void {
    this.#faults.push(...faults.map((fault) => ({ ...fault })));
  }

  take(kind: RequestKind): Fault | undefined {
    const index = this.#faults.findIndex((fault) => matches(fault, kind));
    const fault = this.#faults[index];
    if (!fault) return undefined;
    const times = fault.times ?? 1;
    if (times > 1) fault.times = times - 1;
    else this.#faults.splice(index, 1);
    this.applied[fault.kind] = (this.applied[fault.kind] ?? 0) + 1;
    return fault;
  }

  get pending(): number {
    return this.#faults.length;
  }
}

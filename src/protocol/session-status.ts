import { UploadError } from '../errors/upload-error.ts';
import type { HttpResponse } from '../transport/http-client.ts';
import { failureFor } from './failures.ts';
import { committedFromRange } from './range.ts';

/**
 * Where a session stands: bytes committed so far, or finished with the server's final answer.
 * `rangeMissing`: a `308` without a readable `Range` (nothing committed, or a header hidden by CORS).
 */
export type SessionStatus = { committed: number; final?: undefined; rangeMissing?: boolean } | { final: HttpResponse };

/**
 * Reads a session's answer (to a chunk or a status query).
 * `sentUpTo` bounds what the server may claim: it cannot have committed bytes it was never sent.
 */
export function sessionStatusOf(response: HttpResponse, step: string, sentUpTo: number): SessionStatus {
  if (response.status === 200 || response.status === 201) return { final: response };
  if (response.status !== 308) throw failureFor(response, step, true);
  const range = response.headers.get('Range');
  const committed = committedFromRange(range);
  if (committed > sentUpTo) {
    throw new UploadError(
      'protocol',
      `${step}: the server claims ${committed} bytes committed (Range "${range}") but only ${sentUpTo} could have reached it. ` +
        'The upload stopped rather than report a success that may be false.',
      { status: 308 },
    );
  }
  return range === null ? { committed, rangeMissing: true } : { committed };
}

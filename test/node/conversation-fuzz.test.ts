// Whole conversations with a random, hostile server: the resumable transfer against answers drawn
// from a seed (statuses, Ranges beyond what was sent, finals before the end, a lowered offset, lost
// connections, expired sessions), for sessions it starts and sessions it adopts. Whatever the server
// says, the transfer ends — in a typed error, or in a success only when every byte of the file was
// sent to the session that answered it (or that session, adopted, was finished at its first status
// query) — and within a bounded number of requests: no loop, however the server cycles.
// FUZZ_RUNS=20000 npx vitest run --project node test/node/conversation-fuzz.test.ts for a longer run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResumableTransfer } from '../../src/engine/resumable-transfer.ts';
import { normalizeOptions } from '../../src/engine/normalize-options.ts';
import { isUploadError } from '../../src/errors/upload-error.ts';
import { NetworkFailure, type HttpRequest, type HttpResponse } from '../../src/transport/http-client.ts';

const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const settings = { numRuns, ...(seed === undefined ? {} : { seed }) };

const QUANTUM = 256 * 1024;
const ENDPOINT = 'https://uploads.example/upload/files';
const retry = { retries: 2, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };
/** Far above what a correct client needs here (a few chunks, 2 retries each, 3 new sessions). */
const MAX_REQUESTS = 400;

/** One scripted answer, relative to the request it answers so that it can hit the edge cases. */
type Move =
  | { kind: 'committed'; bytes: 'none' | 'sent' | 'half' | 'beyond' | 'total' | 'lower' }
  | { kind: 'final'; size: 'total' | 'absent' | 'short' }
  | { kind: 'status'; status: 400 | 404 | 410 | 429 | 503 }
  | { kind: 'network' }
  | { kind: 'malformed' };

const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('committed' as const), bytes: fc.constantFrom('none', 'sent', 'sent', 'half', 'beyond', 'total', 'lower') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('final' as const), size: fc.constantFrom('total', 'absent', 'short') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(400, 404, 410, 429, 503) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'network' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'malformed' as const }) },
);

const headers = (entries: Record<string, string> = {}) => new Headers(entries);
const answer = (status: number, entries: Record<string, string> = {}, text = ''): HttpResponse => ({ status, headers: headers(entries), text });

describe('resumable conversations with a random server', () => {
  it('end in a typed error or in a success that every byte reached, within a bounded number of requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 * QUANTUM + 7 }),
        fc.boolean(),
        fc.array(move, { minLength: 1, maxLength: 60 }),
        async (size, adopted, moves) => {
          const file = new Blob([new Uint8Array(size)]);
          /** Per session URI: the byte ranges sent to it, and its status queries. */
          const sessions = new Map<string, { sent: Array<[number, number]>; queries: number; held?: number; said?: { bytes: number; sentBefore: number } }>();
          let sessionCount = 0;
          let requests = 0;
          let next = 0;
          const http = async (request: HttpRequest): Promise<HttpResponse> => {
            if (++requests > MAX_REQUESTS) throw new Error(`more than ${MAX_REQUESTS} requests: the transfer loops`);
            const scripted = moves[next++ % moves.length]!;
            if (request.method === 'POST') {
              if (scripted.kind === 'status' || scripted.kind === 'network') {
                if (scripted.kind === 'network') throw new NetworkFailure(request.url, new Error('reset'));
                return answer(scripted.status);
              }
              const uri = `${ENDPOINT}?upload_id=s${++sessionCount}`;
              return answer(200, { Location: uri });
            }
            const session = sessions.get(request.url) ?? { sent: [], queries: 0 };
            sessions.set(request.url, session);
            const [, first, last] = /bytes (\d+)-(\d+)\//.exec(request.headers['Content-Range'] ?? '') ?? [];
            const sentEnd = first === undefined ? undefined : Number(last) + 1;
            if (first === undefined) session.queries++;
            else session.sent.push([Number(first), sentEnd!]);
            const furthest = Math.max(0, ...session.sent.map(([, end]) => end));
            switch (scripted.kind) {
              case 'network':
                throw new NetworkFailure(request.url, new Error('reset'));
              case 'status':
                return answer(scripted.status);
              case 'malformed':
                return answer(308, { Range: 'bytes=5-x' });
              case 'final': {
                const body = scripted.size === 'absent' ? {} : { size: String(scripted.size === 'total' ? size : Math.max(0, size - 1)) };
                return answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(body));
              }
              case 'committed': {
                const bytes = {
                  none: 0,
                  sent: furthest,
                  half: Math.floor(furthest / 2),
                  beyond: furthest + QUANTUM,
                  total: size,
                  lower: Math.max(0, furthest - QUANTUM),
                }[scripted.bytes];
                // What an adopted session holds when first asked may have come from elsewhere.
                if (first === undefined && session.queries === 1 && session.sent.length === 0) session.held = bytes;
                // What the session says it keeps (a readable Range): it can hold no more than that plus what is sent after.
                if (bytes > 0) session.said = { bytes, sentBefore: session.sent.length };
                return bytes === 0 ? answer(308) : answer(308, { Range: `bytes=0-${bytes - 1}` });
              }
            }
          };
          const given = `${ENDPOINT}?upload_id=given`;
          const normalized = normalizeOptions(file, { endpoint: ENDPOINT, chunkSize: QUANTUM, retry, store: false, ...(adopted ? { sessionUri: given } : {}) });
          const options = { ...normalized, context: { ...normalized.context, http } };
          const transfer = new ResumableTransfer({ options, phase: () => {}, committed: () => {}, session: async () => {} });
          let result;
          try {
            result = await transfer.run(new AbortController().signal);
          } catch (error) {
            if (!isUploadError(error)) throw new Error(`untyped failure: ${String(error)}`, { cause: error });
            return;
          }
          // Success: the session that answered had every byte sent to it, or it was the given one,
          // finished when first asked, or holding some bytes then (its history is unknown: someone
          // else may have sent them); from then on only what was sent counts.
          // And after the session said it keeps N bytes, the chunks sent since cover the rest.
          const session = sessions.get(result.sessionUri!)!;
          const start = session.said?.bytes ?? (result.sessionUri === given ? (session.held ?? 0) : 0);
          const since = session.sent.slice(session.said?.sentBefore ?? 0);
          const covered = since.sort(([a], [b]) => a - b).reduce((end, [from, to]) => (from <= end ? Math.max(end, to) : end), start);
          const finishedWhenAdopted = result.sessionUri === given && session.sent.length === 0 && session.queries >= 1;
          expect(covered >= size || finishedWhenAdopted, `success after ${covered} of ${size} bytes were sent`).toBe(true);
        },
      ),
      settings,
    );
  }, 120_000);
});

// Hostile and random server answers: every parser ends in a sound value or a typed UploadError,
// never a TypeError, a RangeError or a value that would let bytes be skipped.
// FUZZ_RUNS=100000 npx vitest run test/node/response-parsing-fuzz.test.ts for a longer run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUploadError } from '../../src/errors/upload-error.ts';
import { committedFromRange } from '../../src/protocol/range.ts';
import { sessionStatusOf } from '../../src/protocol/session-status.ts';
import { startSession } from '../../src/protocol/start-session.ts';
import { finalResult } from '../../src/protocol/final-result.ts';
import { RetryableFailure } from '../../src/errors/retryable-failure.ts';
import { failureFor, SessionGone } from '../../src/protocol/failures.ts';
import { readBody } from '../../src/protocol/read-body.ts';
import { backoffDelay, retryAfterMs } from '../../src/engine/retry-budget.ts';
import type { UploadContext } from '../../src/protocol/context.ts';
import type { HttpResponse } from '../../src/transport/http-client.ts';
import { parseContentRange } from '../../server/content-range.ts';

const numRuns = Number(process.env.FUZZ_RUNS ?? 2000);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const settings = { numRuns, ...(seed === undefined ? {} : { seed }) };

const digits = fc.stringMatching(/^\d{1,25}$/);
/** Header values that look almost right: the ones that slip through a careless parser. */
const rangeLike = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom('bytes=', 'bytes ', 'BYTES=', '', 'bytes=-', ' bytes = '), digits, fc.constantFrom('-', '--', '–', ''), digits, fc.constantFrom('', '/*', '/12', '/-1', '/', ' ')).map(
    ([unit, first, dash, last, suffix]) => `${unit}${first}${dash}${last}${suffix}`,
  ),
  fc.constantFrom('bytes=0-', 'bytes=0--1', 'bytes=0-1e3', 'bytes=0-0x10', 'bytes=0-1,0-2', 'bytes=0-9007199254740993', '\u0000', 'bytes=0-१२३'),
);
const headerValue = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), rangeLike, digits);
const status = fc.oneof(fc.integer({ min: 100, max: 599 }), fc.constantFrom(200, 201, 308, 400, 401, 404, 410, 429, 500, 503));
const jsonBody = fc.oneof(
  fc.json(),
  fc.record({ size: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.array(fc.integer()), fc.object()) }).map((body) => JSON.stringify(body)),
  fc.constantFrom('{"__proto__":{"size":"1"}}', '{"size":"1e3"}', '{"size":" 12 "}', '{"size":"0x10"}', '{', '[]', 'null', '"size"'),
);

/** Headers built from random values; values a real Headers object refuses are the transport's business. */
function headersOf(entries: Record<string, string>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(entries)) {
    try {
      headers.set(name, value);
    } catch {
      // Not a valid header value: no browser would hand it to us.
    }
  }
  return headers;
}

const responseOf = (statusCode: number, headers: Record<string, string>, text = ''): HttpResponse => ({ status: statusCode, headers: headersOf(headers), text });

/** Only our own error types may come out of a step. */
function expectTyped(error: unknown): void {
  const known = isUploadError(error) || error instanceof RetryableFailure || error instanceof SessionGone;
  if (!known) throw new Error(`untyped failure: ${String(error)}`, { cause: error });
}

describe('fuzzing what servers answer', () => {
  it('Range: a whole number of committed bytes (at least one) or a protocol error', () => {
    fc.assert(
      fc.property(fc.option(rangeLike, { nil: null }), (value) => {
        try {
          const committed = committedFromRange(value);
          expect(Number.isSafeInteger(committed)).toBe(true);
          expect(committed).toBeGreaterThanOrEqual(value === null ? 0 : 1);
        } catch (error) {
          expect(isUploadError(error) && error.code).toBe('protocol');
        }
      }),
      settings,
    );
  });

  it('a session answer never claims more than was sent, and fails only with typed errors', () => {
    fc.assert(
      fc.property(status, fc.option(headerValue, { nil: undefined }), fc.nat(), jsonBody, (code, range, sentUpTo, text) => {
        try {
          const answer = sessionStatusOf(responseOf(code, range === undefined ? {} : { Range: range }, text), 'Sending a chunk', sentUpTo);
          if (answer.final) expect([200, 201]).toContain(code);
          else {
            expect(code).toBe(308);
            expect(answer.committed).toBeLessThanOrEqual(sentUpTo);
          }
        } catch (error) {
          expectTyped(error);
        }
      }),
      settings,
    );
  });

  it('Location: a session URI that is http(s) and absolute, or a protocol error', async () => {
    const location = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom('http://[::', 'https://', '//evil.example/x', 'javascript:alert(1)', 'data:text/html,<b>', 'file:///etc/passwd', 'ftp://x/y', '/upload?id=1', 'http://999.1.1.1/', 'https://a b/'),
    );
    await fc.assert(
      fc.asyncProperty(status, location, async (code, value) => {
        const context: UploadContext = {
          http: async () => responseOf(code, { Location: value }),
          file: new Blob(['x']),
          endpoint: 'https://uploads.example/upload/files',
          method: 'POST',
          contentType: 'application/octet-stream',
          metadata: undefined,
          headers: async () => ({}),
          credentialOrigins: new Set(),
        };
        try {
          const uri = new URL(await startSession(context, 'https://uploads.example/upload/files', new AbortController().signal));
          expect(['https:', 'http:']).toContain(uri.protocol);
          expect(code).toBeGreaterThanOrEqual(200);
          expect(code).toBeLessThan(300);
        } catch (error) {
          expectTyped(error);
        }
      }),
      settings,
    );
  });

  it('final answers: success only when the reported size is the file size or absent', () => {
    fc.assert(
      fc.property(jsonBody, fc.constantFrom('application/json', 'application/json; charset=UTF-8', 'text/plain', ''), fc.nat(), (text, type, total) => {
        try {
          const result = finalResult(responseOf(200, { 'Content-Type': type }, text), total);
          const size = (result.body as { size?: unknown } | null)?.size;
          if (typeof size === 'string' || typeof size === 'number') expect(`${size}` === '' || Number(size) === total).toBe(true);
        } catch (error) {
          expect(isUploadError(error) && error.code).toBe('protocol');
        }
      }),
      settings,
    );
  });

  it('error answers become typed failures, whatever the body', () => {
    fc.assert(
      fc.property(status, fc.boolean(), jsonBody, headerValue, (code, onSession, text, retryAfter) => {
        expectTyped(failureFor(responseOf(code, { 'Content-Type': 'application/json', 'Retry-After': retryAfter }, text), 'Sending a chunk', onSession));
        expect(() => readBody(responseOf(code, { 'Content-Type': 'application/json' }, text))).not.toThrow();
      }),
      settings,
    );
  });

  it('Retry-After: a wait between zero and the cap, whatever the header says', () => {
    const retry = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000, maxRetryAfterMs: 600_000 };
    const value = fc.oneof(headerValue, fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()), fc.constantFrom('-1', '1e9', 'Infinity', 'NaN', ' 120 ', '99999999999999999999999'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), value, (attempt, header) => {
        const wait = backoffDelay(attempt, retry, header);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(retry.maxRetryAfterMs);
        const asked = retryAfterMs(header);
        if (asked !== undefined) expect(asked).toBeGreaterThanOrEqual(0);
        // The server's word, up to its cap; the computed backoff alone never beyond maxDelayMs.
        expect(wait).toBeGreaterThanOrEqual(Math.min(asked ?? 0, retry.maxRetryAfterMs));
        if (!asked) expect(wait).toBeLessThanOrEqual(retry.maxDelayMs);
      }),
      settings,
    );
  });

  it("the reference server's Content-Range parser never throws and never accepts an impossible range", () => {
    fc.assert(
      fc.property(fc.oneof(rangeLike, fc.string({ unit: 'binary', maxLength: 40 })), (value) => {
        const parsed = parseContentRange(value);
        if (parsed && !parsed.query) {
          expect(Number.isSafeInteger(parsed.first) && Number.isSafeInteger(parsed.last)).toBe(true);
          expect(parsed.last).toBeGreaterThanOrEqual(parsed.first);
        }
      }),
      settings,
    );
  });
});

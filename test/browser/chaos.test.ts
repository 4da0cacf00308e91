import { afterAll, describe, expect, inject, it } from 'vitest';
import { Upload, UploadError, type UploadErrorCode } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { MemorySessionStore } from './support/memory-session-store.ts';
import { MiB, QUANTUM, patternFile } from './support/files.ts';
import { between, pick, seededRandom } from './support/random.ts';
import { endpoint, faultHeaders, faultsPerRequest, keepAliveServerUrl, objectsNamed, serverUrl, sessionLog } from './support/server.ts';
import { until } from '../support/until.ts';

// Many uploads against the reference server with faults drawn from a seed. Every upload must end
// with the server holding exactly the file's bytes, or with the error code its fault calls for.
const { uploads, seed } = inject('chaos');
const random = seededRandom(seed);
const retry = { retries: 4, baseDelayMs: 2, maxDelayMs: 40 };
const SIZES = [0, 1, QUANTUM - 1, QUANTUM, QUANTUM + 1];

type Fault = Record<string, unknown>;
interface Plan {
  kind: string;
  faults: Fault[];
  expected: 'success' | UploadErrorCode;
  /**
   * Also pause and resume, flip the browser offline, or cancel it for good (`abort({ terminate })`), while it runs;
   * or, after it failed, upload the file again with the same store, as a reload would (`reload`).
   */
  twist?: 'pause' | 'offline' | 'cancel' | 'reload';
  /** With `verify`: the upload resolves only with matching checksums. */
  verify?: boolean;
  /** Shorter than the suite's, where the plan waits for the watchdog by design. */
  stallTimeoutMs?: number;
}

/** Faults that a correct client survives, placed at a random chunk of the upload. */
function survivable(size: number, chunkSize: number): Plan {
  const chunks = Math.max(1, Math.ceil(size / chunkSize));
  const at = between(random, 0, chunks - 1);
  const length = Math.min(chunkSize, size - at * chunkSize);
  const skip: Fault[] = Array.from({ length: at }, () => ({ kind: 'delay', ms: 0 }));
  const menu: Array<() => Plan> = [
    () => ({ kind: '503 burst', faults: [...skip, { kind: 'status', status: pick(random, [500, 502, 503, 504]), times: between(random, 1, 3) }], expected: 'success' }),
    () => ({ kind: '503 + Retry-After', faults: [...skip, { kind: 'status', status: 503, retryAfter: '1' }], expected: 'success' }),
    () => ({ kind: '429 + Retry-After date', faults: [...skip, { kind: 'status', status: 429, retryAfter: new Date(Date.now() + 1000).toUTCString() }], expected: 'success' }),
    () => ({ kind: 'reset mid-body', faults: [...skip, { kind: 'reset' }], expected: 'success' }),
    () => ({ kind: 'partial commit', faults: [...skip, { kind: 'partial', commitBytes: between(random, 0, Math.max(0, Math.min(length, QUANTUM) - 1)) }], expected: 'success' }),
    () => ({ kind: 'lost response', faults: [...skip, { kind: 'lose-response' }], expected: 'success' }),
    () => ({ kind: '308 without Range', faults: [{ kind: 'omit-range' }], expected: 'success' }),
    () => ({ kind: 'session expired', faults: [...skip, { kind: 'expire', status: pick(random, [404, 410]) }], expected: 'success' }),
    () => ({ kind: '401 then refresh', faults: [...skip, { kind: 'status', status: 401 }], expected: 'success' }),
    () => ({ kind: 'offline flip', faults: [...skip, { kind: 'reset', commitBytes: 0 }], expected: 'success', twist: 'offline' }),
    () => ({ kind: 'pause/resume', faults: [], expected: 'success', twist: 'pause' }),
    // The final answer's JSON cut after 10 bytes: with verify, asked for again, and then verified.
    () => ({ kind: 'final cut short, verify', faults: [{ kind: 'cut-final' }], expected: 'success', verify: true }),
    // Held for good: the session start, or the status query after a refused chunk (for a zero-byte
    // file, its final request). Only the watchdog ends the wait; the request is then sent again.
    () => ({
      kind: 'unanswered control request',
      faults: random() < 0.5 ? [{ kind: 'hold', match: 'start' }] : [...skip, { kind: 'status', status: 503 }, { kind: 'hold', match: 'query' }],
      expected: 'success',
      stallTimeoutMs: 1000,
    }),
  ];
  return pick(random, menu)();
}

/** Faults that must end in a typed error, never a success. They need at least two chunks to bite. */
function fatal(): Plan {
  return pick(random, [
    { kind: 'malformed Range', faults: [{ kind: 'range', value: pick(random, ['bytes=x-1', 'bytes=7-9', '0-']) }], expected: 'protocol' as const },
    { kind: 'Range beyond sent', faults: [{ kind: 'range', value: `bytes=0-${8 * MiB}` }], expected: 'protocol' as const },
    { kind: 'early final', faults: [{ kind: 'early-final' }], expected: 'protocol' as const },
    { kind: 'no Location', faults: [{ kind: 'omit-location' }], expected: 'protocol' as const },
    { kind: '503 forever', faults: [{ kind: 'status', status: 503, times: 50 }], expected: 'network' as const },
    { kind: '403', faults: [{ kind: 'status', status: 403 }], expected: 'http' as const },
    // Chunk 2 on: a 308 without Range (nothing kept), then a status query confirming chunk 1 again.
    { kind: 'offset lowered in a cycle', faults: [{ kind: 'delay', ms: 0 }, { kind: 'omit-range', times: 200 }], expected: 'network' as const },
    { kind: 'cancel, terminate', faults: [], expected: 'aborted' as const, twist: 'cancel' as const },
    // Caught lying once, a session is never taken up again: the reload starts a new one and the file arrives whole.
    // Unreadable final answer and other bytes on the server: with verify, never a success.
    { kind: 'final cut short, bytes corrupt', faults: [{ kind: 'corrupt' }, { kind: 'cut-final' }], expected: 'integrity' as const, verify: true },
    { kind: 'lie, then reload', faults: [pick(random, [{ kind: 'early-final' }, { kind: 'range', value: `bytes=0-${8 * MiB}` }])], expected: 'protocol' as const, twist: 'reload' as const },
  ]);
}

interface Outcome {
  kind: string;
  size: number;
  resent: number;
}
const outcomes: Outcome[] = [];

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

describe(`chaos: ${uploads} uploads, seed ${seed}`, () => {
  for (let i = 0; i < uploads; i++) {
    const size = random() < 0.5 ? pick(random, SIZES) : between(random, 1 * MiB, 5 * MiB);
    const chunkSize = pick(random, [QUANTUM, 2 * QUANTUM, 4 * QUANTUM]);
    const chunks = Math.max(1, Math.ceil(size / chunkSize));
    const plan = chunks >= 2 && random() < 0.25 ? fatal() : survivable(size, chunkSize);
    const pauseAt = between(random, 0, 30);

    it(`#${i} ${plan.kind}, ${size} bytes in ${chunkSize / QUANTUM} × 256 KiB chunks`, async () => {
      const file = patternFile(size, `chaos-${i}.bin`, 'application/octet-stream', seed * 1000 + i);
      let calls = 0;
      const url = endpoint(undefined, keepAliveServerUrl);
      const store = plan.twist === 'reload' ? new MemorySessionStore() : false;
      const upload = new Upload(file, {
        endpoint: url,
        chunkSize,
        retry,
        store,
        verify: plan.verify === true,
        stallTimeoutMs: plan.stallTimeoutMs ?? 5000,
        // Faults ride on the first session only; a session started after expiry is healthy.
        headers: () => (calls++ === 0 ? { Authorization: 'Bearer t', ...faultHeaders(plan.faults) } : { Authorization: 'Bearer t' }),
      });
      if (plan.twist === 'pause') {
        upload.addEventListener('statechange', (e) => {
          if (e.detail.state === 'uploading') setTimeout(() => upload.pause(), pauseAt);
          if (e.detail.state === 'paused') setTimeout(() => upload.resume(), pauseAt);
        });
      }
      if (plan.twist === 'offline') {
        upload.addEventListener('statechange', (e) => {
          if (e.detail.state === 'offline') setTimeout(() => ((online = true), window.dispatchEvent(new Event('online'))), pauseAt);
        });
        upload.addEventListener('statechange', (e) => e.detail.state === 'uploading' && (online = false), { once: true });
      }

      if (plan.twist === 'cancel') upload.addEventListener('progress', () => upload.abort({ terminate: true }), { once: true });

      let error: unknown;
      const result = await upload.start().catch((e: unknown) => ((error = e), undefined));
      online = true;

      if (plan.expected === 'success') {
        expect(error).toBeUndefined();
        await expectStored(result!, file, keepAliveServerUrl);
        expect(result!.verified).toBe(plan.verify ? true : undefined);
      } else {
        expect(error).toBeInstanceOf(UploadError);
        expect((error as UploadError).code).toBe(plan.expected);
        expect(upload.state).toBe(plan.expected === 'aborted' ? 'aborted' : 'error');
      }
      if (plan.twist === 'reload') {
        const again = await new Upload(file, { endpoint: url, chunkSize, retry, store, headers: { Authorization: 'Bearer t' } }).start();
        await expectStored(again, file, keepAliveServerUrl);
        expect(await (store as MemorySessionStore).list()).toEqual([]);
      }
      let log = upload.sessionUri ? await sessionLog(upload.sessionUri) : undefined;
      if (plan.twist === 'cancel') {
        // Ended on the server, not left to expire: the DELETE went out after the abort.
        log = await until(async () => {
          const ended = await sessionLog(upload.sessionUri!);
          return ended.expired && ended;
        }, 'the session is ended by the DELETE');
        expect(log.complete).toBe(false);
      }
      outcomes.push({ kind: plan.kind, size, resent: log ? Math.max(0, log.bytesReceived - size) : 0 });
    });
  }

  afterAll(() => {
    const rows = new Map<string, { uploads: number; bytes: number; resent: number }>();
    for (const { kind, size, resent } of outcomes) {
      const row = rows.get(kind) ?? { uploads: 0, bytes: 0, resent: 0 };
      row.uploads++;
      row.bytes += size;
      row.resent += resent;
      rows.set(kind, row);
    }
    const lines = [...rows].sort().map(([kind, r]) => `| ${kind.padEnd(26)} | ${String(r.uploads).padStart(7)} | ${String(r.bytes).padStart(12)} | ${String(r.resent).padStart(12)} |`);
    console.log(
      [`chaos summary: seed ${seed}, ${outcomes.length}/${uploads} uploads ended as their fault calls for`,
       '| fault                      | uploads |        bytes | bytes resent |',
       '| -------------------------- | ------- | ------------ | ------------ |',
       ...lines].join('\n'),
    );
  });
});

// Small files whose request creates (a POST): each must leave exactly one object on the server, or
// none with a typed error, never two. `'auto'` gives them a session, over keep-alive connections as in
// real life (where browsers may resend a request themselves); a `media` POST, on fresh connections,
// is sent again only after an answer that says nothing was done. A random stream of its own, so the
// uploads above draw the same plans as before.
const smallRandom = seededRandom(seed + 1);
const smallUploads = Math.max(4, Math.round(uploads / 4));

interface SmallPlan {
  kind: string;
  uploadType: 'auto' | 'media';
  /** Faults for the upload's first requests, one list per request. */
  faults: Fault[][];
  expected: 'success' | 'outcome-unknown';
  /** Objects the server holds afterwards. */
  objects: 0 | 1;
}

function smallPlan(): SmallPlan {
  const status = (statuses: number[]): Fault => ({ kind: 'status', status: pick(smallRandom, statuses) });
  return pick<() => SmallPlan>(smallRandom, [
    () => ({ kind: "'auto': start's answer lost", uploadType: 'auto', faults: [[{ kind: 'lose-response', match: 'start' }]], expected: 'success', objects: 1 }),
    () => ({ kind: "'auto': answer lost", uploadType: 'auto', faults: [[{ kind: 'lose-response' }]], expected: 'success', objects: 1 }),
    () => ({ kind: "'auto': answer lost, query 503", uploadType: 'auto', faults: [[{ kind: 'lose-response' }, { ...status([503]), match: 'query' }]], expected: 'success', objects: 1 }),
    () => ({ kind: "'auto': reset mid-body", uploadType: 'auto', faults: [[{ kind: 'reset' }]], expected: 'success', objects: 1 }),
    () => ({ kind: "'auto': 5xx", uploadType: 'auto', faults: [[status([500, 502, 503, 504])]], expected: 'success', objects: 1 }),
    () => ({ kind: 'media POST: answer lost', uploadType: 'media', faults: [[{ kind: 'lose-response' }]], expected: 'outcome-unknown', objects: 1 }),
    () => ({ kind: 'media POST: reset or 5xx', uploadType: 'media', faults: [[pick(smallRandom, [{ kind: 'reset' }, status([500, 502, 504])])]], expected: 'outcome-unknown', objects: 0 }),
    () => {
      const times = between(smallRandom, 1, 3);
      return { kind: 'media POST: 408/429/503', uploadType: 'media', faults: Array.from({ length: times }, () => [status([408, 429, 503])]), expected: 'success', objects: 1 };
    },
  ])();
}

describe(`chaos: ${smallUploads} small files, one object each`, () => {
  for (let i = 0; i < smallUploads; i++) {
    const size = pick(smallRandom, [0, 1, 1000, 100_000]);
    const plan = smallPlan();

    it(`#${i} ${plan.kind}, ${size} bytes`, async () => {
      const name = `small-${seed}-${i}-${crypto.randomUUID()}.bin`;
      const server = plan.uploadType === 'auto' ? keepAliveServerUrl : serverUrl;
      const file = patternFile(size, name, 'application/octet-stream', seed * 1000 + i);
      const upload = new Upload(file, {
        endpoint: endpoint(undefined, server),
        uploadType: plan.uploadType,
        metadata: plan.uploadType === 'auto' ? { name } : undefined,
        ...(plan.uploadType === 'media' ? { endpoint: `${endpoint(undefined, server)}?name=${name}` } : {}),
        retry,
        store: false,
        stallTimeoutMs: 5000,
        headers: faultsPerRequest(plan.faults),
      });
      expect(upload.uploadType).toBe(plan.uploadType === 'auto' ? 'resumable' : 'media');

      let error: unknown;
      const result = await upload.start().catch((e: unknown) => ((error = e), undefined));
      if (plan.expected === 'success') {
        expect(error).toBeUndefined();
        await expectStored(result!, file, server);
      } else {
        expect(error).toBeInstanceOf(UploadError);
        expect((error as UploadError).code).toBe(plan.expected);
      }
      expect(await objectsNamed(name, server)).toHaveLength(plan.objects);
    });
  }
});

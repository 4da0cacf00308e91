// What the foreground does after a hand-off to Background Fetch, with the API faked in the page (its
// one request sent by the page itself), so every engine runs it: the engine's side is the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads, listStoredUploads } from '../../src/index.ts';
import { CHANNEL_NAME, JOB_PREFIX } from '../../src/background/background-fetch-api.ts';
import { defaultSessionStore } from '../../src/storage/idb-session-store.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, faultsOnce, injectFaults, objectsNamed, sessionLog } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';
import { until } from '../support/until.ts';

/** Set by a test: the fake's `fetch` answers when the test says, as Chromium once it has read the request's body. */
let reading: { registered: Promise<unknown>; answer: () => void; aborted: boolean } | undefined;

/** What the fake service worker does once the job's request ended: what `handleBackgroundUploads` does, or less, or a lie. */
type Worker = 'tells' | 'writes' | 'fails' | 'lies';

/**
 * Background Fetch as Chromium's: the job's request runs (here, from the page), then the worker
 * writes the outcome into the record and says so on the channel (`tells`); or only writes it (a
 * message the page missed); or says the job failed (`fails`); or says a final answer for another
 * size (`lies`).
 */
function fakeBackgroundFetch(accept: boolean, worker: Worker = 'tells') {
  const jobs: Response[] = [];
  const manager = {
    async fetch(id: string, request: Request) {
      if (!accept) throw new DOMException('No permission', 'NotAllowedError');
      if (reading) return reading.registered; // the browser still reading the rest of the file
      const registration = Object.assign(new EventTarget(), { id, result: '' as '' | 'success' | 'failure', abort: async () => false });
      void fetch(request).then(async (response) => {
        jobs.push(response);
        const at = Date.now();
        const body = await response.text();
        const contentType = response.headers.get('Content-Type') ?? '';
        const outcome =
          worker === 'fails'
            ? { state: 'interrupted', reason: 'failed', at }
            : { state: 'done', status: response.status, body: worker === 'lies' ? JSON.stringify({ ...JSON.parse(body), size: '1' }) : body, contentType, at };
        const fingerprint = id.slice(JOB_PREFIX.length);
        const record = await defaultSessionStore().get(fingerprint);
        await defaultSessionStore().set({ ...record!, background: outcome, updatedAt: at } as typeof record & object);
        registration.result = 'success';
        registration.dispatchEvent(new Event('progress'));
        if (worker === 'writes') return;
        const channel = new BroadcastChannel(CHANNEL_NAME);
        channel.postMessage({ fingerprint, outcome });
        channel.close();
      });
      return registration;
    },
    get: async () => undefined,
    getIds: async () => [],
  };
  Object.defineProperty(globalThis, 'BackgroundFetchManager', { configurable: true, value: class {} });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, get: () => ({ getRegistration: async () => ({ active: {}, backgroundFetch: manager }) }) });
  return jobs;
}

function hidePage(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => clearStoredUploads());
afterEach(() => {
  reading = undefined;
  delete (document as { visibilityState?: unknown }).visibilityState;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (globalThis as { BackgroundFetchManager?: unknown }).BackgroundFetchManager;
});

/** An upload that hands the rest of the file off once its first chunk is confirmed; its session answers the next status query 404. */
function handedOffUpload(name: string) {
  const file = patternFile(4 * QUANTUM, name);
  const upload = new Upload(file, {
    endpoint: endpoint(),
    chunkSize: QUANTUM,
    retry: fast,
    background: true,
    metadata: { name },
    // A server that forgets a finished session: the status query after the job answers 404.
    headers: faultsOnce([{ kind: 'status', status: 404, match: 'query' }]),
  });
  upload.addEventListener('progress', ({ detail }) => detail.bytesCommitted === QUANTUM && hidePage());
  return upload;
}

describe('after a hand-off to Background Fetch', () => {
  it.each([
    ['said on its channel', 'tells'],
    ['only written into the record, its message missed', 'writes'],
  ] as const)("the server's final answer kept by the service worker is the result (%s): the session is not asked again", async (_, worker) => {
    const jobs = fakeBackgroundFetch(true, worker);
    const name = `handed-off-${crypto.randomUUID()}.bin`;
    const upload = handedOffUpload(name);
    const result = await upload.start();
    // The job's request sent the rest and finished the session: its answer is the upload's.
    expect(jobs.map((response) => response.status)).toEqual([201]);
    expect(result).toMatchObject({ status: 201, sessionUri: upload.sessionUri, body: { name, size: String(4 * QUANTUM) } });
    expect(upload.state).toBe('done');
    expect(await objectsNamed(name)).toHaveLength(1);
    const log = await sessionLog(upload.sessionUri!);
    // No status query: the server, which forgets a finished session, would have answered it 404.
    expect(log.requests.map((request) => `${request.kind} ${request.status}`)).toEqual(['start 200', 'chunk 308', 'chunk 201']);
  });

  it.each([
    ['says the job failed (its answer lost)', 'fails'],
    ['says it finished with a size other than the file\'s', 'lies'],
  ] as const)("a 404 on the session when the service worker %s is 'outcome-unknown': no second object", async (_, worker) => {
    const jobs = fakeBackgroundFetch(true, worker);
    const name = `handed-off-${crypto.randomUUID()}.bin`;
    const upload = handedOffUpload(name);
    const error = await rejection(upload.start());
    expect(jobs.map((response) => response.status)).toEqual([201]);
    expect(error.code).toBe('outcome-unknown');
    expect(error.status).toBe(404);
    expect(await objectsNamed(name)).toHaveLength(1);
    const log = await sessionLog(upload.sessionUri!);
    expect(log.requests.map((request) => `${request.kind} ${request.status}`)).toEqual(['start 200', 'chunk 308', 'chunk 201', 'query 404']);
  });

  it('a 404 after a hand-off the browser refused starts a new session, as before: nothing was sent meanwhile', async () => {
    fakeBackgroundFetch(false);
    const name = `refused-${crypto.randomUUID()}.bin`;
    const upload = handedOffUpload(name);
    let first: string | undefined;
    upload.addEventListener('progress', () => (first ??= upload.sessionUri));
    const result = await upload.start();
    expect(result.sessionUri).not.toBe(first);
    const log = await sessionLog(first!);
    expect(log.requests.map((request) => `${request.kind} ${request.status}`)).toEqual(['start 200', 'chunk 308', 'query 404']);
    expect(await objectsNamed(name)).toHaveLength(1);
  });

  it("a hand-off the browser does not answer (its read of the file hangs) is given up after `stallTimeoutMs`: the upload goes on", async () => {
    fakeBackgroundFetch(true);
    let answer!: () => void;
    const registered = new Promise((resolve) => (answer = () => resolve(registration)));
    const registration = { id: 'late', result: '', addEventListener() {}, removeEventListener() {}, abort: async () => ((reading!.aborted = true), true) };
    reading = { registered, answer, aborted: false };
    const name = `unanswered-${crypto.randomUUID()}.bin`;
    const upload = new Upload(patternFile(4 * QUANTUM, name), { endpoint: endpoint(), chunkSize: QUANTUM, retry: fast, background: true, metadata: { name }, stallTimeoutMs: 1000 });
    const states: string[] = [];
    upload.addEventListener('statechange', ({ detail }) => states.push(detail.state));
    upload.addEventListener('progress', ({ detail }) => detail.bytesCommitted === QUANTUM && hidePage());
    const result = await upload.start();
    expect(result.status).toBe(201);
    expect(states).not.toContain('background');
    const log = await sessionLog(result.sessionUri!);
    // Stopped at the hand-off, then the session asked, then the rest from its offset: every byte once.
    expect(log.requests.map((request) => `${request.kind} ${request.status}`)).toEqual(['start 200', 'chunk 308', 'query 308', 'chunk 308', 'chunk 308', 'chunk 201']);
    expect(await objectsNamed(name)).toHaveLength(1);
    // A job the browser registers after all is stopped: the page has sent the rest itself.
    reading.answer();
    await until(() => reading!.aborted, 'the late job is stopped');
  });

  it('a job that finished while no page was open: the answer the worker kept in the record is the result, no second object', async () => {
    fakeBackgroundFetch(true); // no job of the upload runs now: it ended before this page
    const name = `finished-earlier-${crypto.randomUUID()}.bin`;
    const file = patternFile(4 * QUANTUM, name);
    const url = endpoint();
    const options = { endpoint: url, chunkSize: QUANTUM, retry: fast, background: true, metadata: { name } };
    // The first page: its first chunk, then it goes (here: its second chunk refused).
    const first = new Upload(file, { ...options, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]) });
    expect((await rejection(first.start())).code).toBe('http');
    const [record] = await listStoredUploads(url);
    // Its job sent the rest and finished the session; the worker wrote the server's answer into the record.
    const response = await fetch(record!.sessionUri, { method: 'PUT', body: file.slice(QUANTUM), headers: { 'Content-Range': `bytes ${QUANTUM}-${file.size - 1}/${file.size}` } });
    const outcome = { state: 'done', status: response.status, body: await response.text(), contentType: response.headers.get('Content-Type') ?? '', at: Date.now() };
    await defaultSessionStore().set({ ...record!, background: outcome } as typeof record & object);
    // A server that forgets a finished session: asked again, it would answer 404.
    await injectFaults(record!.sessionUri, [{ kind: 'status', status: 404, match: 'query' }]);
    const result = await new Upload(file, options).start();
    expect(result).toMatchObject({ status: 201, sessionUri: record!.sessionUri, body: { name, size: String(file.size) } });
    expect(await objectsNamed(name)).toHaveLength(1);
    // The first page's chunks (the refused one asked about), the job's rest, and nothing since.
    expect((await sessionLog(record!.sessionUri)).requests.map((request) => `${request.kind} ${request.status}`)).toEqual(['start 200', 'chunk 308', 'chunk 400', 'query 308', 'chunk 201']);
    expect(await listStoredUploads(url)).toEqual([]); // done: its record goes
  });
});

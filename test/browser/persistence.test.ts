import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Upload,
  clearStoredUploads,
  listStoredUploads,
  type SessionStore,
  type StoredUpload,
} from '../../src/index.ts';
import { createStore, entries, set } from 'idb-keyval';
import { expectStored } from './support/expect-stored.ts';
import { interruptAfterFirstChunk, rejection } from './support/upload-helpers.ts';
import { MemorySessionStore } from './support/memory-session-store.ts';
import { QUANTUM, patternBytes, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, keepAliveServerUrl, sessionLog, startSessionDirectly, storedFile } from './support/server.ts';
import { until } from '../support/until.ts';

const fast = { retries: 1, baseDelayMs: 5, maxDelayMs: 20 };


/** The engine's own IndexedDB database, opened directly. */
const sessions = () => createStore('resumable-upload', 'sessions');

/** Reads the whole IndexedDB database back as text, the way an attacker with disk access would. */
async function rawDatabase(): Promise<string> {
  return JSON.stringify(await entries(sessions()));
}

/** Rewrites the one stored record, as a crafted or corrupt database would hold it. */
async function tamper(url: string, change: Partial<Record<keyof StoredUpload, unknown>>): Promise<StoredUpload> {
  const [record] = await listStoredUploads(url);
  await set(record!.fingerprint, { ...record!, ...change }, sessions());
  return record!;
}

/** An upload that stops with an error after its first chunk, leaving its session stored (as a crash would). */
async function interruptedUpload(file: File, url: string, relativePath?: unknown): Promise<Upload> {
  const upload = new Upload(file, {
    endpoint: url,
    ...(relativePath === undefined ? {} : { relativePath: relativePath as string }),
    chunkSize: QUANTUM,
    retry: fast,
    metadata: { name: file.name },
    headers: { Authorization: 'Bearer top-secret-token', ...faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]) },
  });
  expect((await rejection(upload.start())).code).toBe('http');
  return upload;
}

beforeEach(() => clearStoredUploads());

describe('sessions kept in IndexedDB', () => {
  it('start() settles only once the record of what the server holds is written, however slow the store', async () => {
    // A store whose writes take a while (a busy disk): the rejection comes after the last of them.
    class SlowStore extends MemorySessionStore {
      override async set(record: Parameters<MemorySessionStore['set']>[0]): Promise<void> {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return super.set(record);
      }
    }
    const store = new SlowStore();
    const upload = await interruptAfterFirstChunk(store, patternFile(3 * QUANTUM, 'slow-disk.bin'), endpoint());
    const [record] = await store.list();
    expect(record).toMatchObject({ sessionUri: upload.sessionUri, bytesCommitted: QUANTUM });
  });

  it('sends no byte past the first 256 KiB before the session is recorded, however slow the store', async () => {
    // A store whose writes take a while (a busy disk): the rest of the file waits for the session's
    // record, since a reload during it would want to resume; the first chunk goes meanwhile. With
    // adaptive chunks the first write lasts until the engine has begun sending the first chunk (a
    // request with the file's bytes), at most 2 s, inside the store's 3 s timeout: an engine that held
    // that chunk back for the record is seen as such and still gets its record. Seen where the bytes
    // leave the page, not at the server, which a busy machine may reach after the store's timeout.
    let recorded = false;
    let overlapped: boolean | undefined;
    let writes = 0;
    let bytesSent = false;
    const order: string[] = [];
    const send = XMLHttpRequest.prototype.send;
    const sends = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      if (body instanceof Blob) bytesSent = true;
      return send.call(this, body);
    });
    class SlowStore extends MemorySessionStore {
      constructor(private readonly waitForFirstChunk: boolean) {
        super();
      }
      override async set(record: Parameters<MemorySessionStore['set']>[0]): Promise<void> {
        if (writes++ === 0 && this.waitForFirstChunk) {
          for (let i = 0; i < 100 && !bytesSent; i++) await new Promise((resolve) => setTimeout(resolve, 20));
          overlapped = bytesSent;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        await super.set(record);
        if (!recorded) order.push('recorded');
        recorded = true;
      }
    }
    for (const chunkSize of [undefined, 2 * QUANTUM]) {
      recorded = false;
      writes = 0;
      overlapped = undefined;
      bytesSent = false;
      order.length = 0;
      const file = patternFile(4 * QUANTUM + 5, 'slow-disk.bin');
      const upload = new Upload(file, { endpoint: endpoint(), store: new SlowStore(chunkSize === undefined), chunkSize });
      upload.addEventListener('progress', (event) => order.push(`confirmed ${event.detail.bytesCommitted}`));
      const result = await upload.start();
      await expectStored(result, file);
      const log = await sessionLog(result.sessionUri!);
      expect(recorded).toBe(true);
      if (chunkSize === undefined) {
        // Adaptive: 256 KiB went while the record was being written; the rest after.
        expect(log.requests.map((request) => request.kind)).toEqual(['start', 'chunk', 'chunk']);
        expect(overlapped).toBe(true);
        // The writes after the first landed too (the engine never gave up on the store): the first
        // chunk's checksums, its progress, and the second chunk's checksums.
        expect(writes).toBe(4);
      }
      // Every byte past the first 256 KiB was confirmed only after the record existed.
      const recordedAt = order.indexOf('recorded');
      expect(recordedAt).toBeGreaterThanOrEqual(0);
      order.forEach((step, at) => {
        if (step.startsWith('confirmed ') && Number(step.slice(10)) > QUANTUM) expect(at).toBeGreaterThan(recordedAt);
      });
    }
    sends.mockRestore();
  });

  it('keeps the session and what the server holds, never a header', async () => {
    const file = patternFile(3 * QUANTUM, 'holiday.mov', 'video/quicktime');
    const url = endpoint();
    const upload = await interruptedUpload(file, url);

    const [record] = await listStoredUploads(url);
    expect(record).toMatchObject({
      version: 2,
      sessionUri: upload.sessionUri,
      endpoint: url,
      name: 'holiday.mov',
      size: file.size,
      type: 'video/quicktime',
      lastModified: file.lastModified,
      chunkSize: QUANTUM,
      bytesCommitted: QUANTUM,
      metadata: { name: 'holiday.mov' },
    } satisfies Partial<StoredUpload>);
    expect(record!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const raw = await rawDatabase();
    expect(raw).not.toContain('top-secret-token');
    expect(raw).not.toMatch(/authorization|bearer/i);
  });

  it("keeps the file's place in its folder, which listStoredUploads gives back and a later upload of the file keeps", async () => {
    const file = patternFile(3 * QUANTUM, 'a.jpg', 'image/jpeg');
    const url = endpoint();
    await interruptedUpload(file, url, 'photos/2024/a.jpg');
    // Read back from IndexedDB, through the record check.
    expect((await listStoredUploads(url)).map((record) => record.relativePath)).toEqual(['photos/2024/a.jpg']);
    // The file chosen again without its folder (a file input) goes on, and its record keeps the path.
    const upload = new Upload(file, { endpoint: url, chunkSize: QUANTUM, metadata: { name: file.name } });
    upload.addEventListener('progress', ({ detail }) => detail.bytesCommitted === 2 * QUANTUM && upload.pause());
    const started = upload.start().catch(() => undefined);
    await until(async () => (await listStoredUploads(url))[0]?.bytesCommitted === 2 * QUANTUM, 'the record holds 512 KiB');
    const [record] = await listStoredUploads(url);
    expect(record!.bytesCommitted).toBe(2 * QUANTUM);
    expect(record!.relativePath).toBe('photos/2024/a.jpg');
    upload.abort();
    await started;
  });

  it.each([
    ['a control character', 'photos/\u0007/a.jpg'],
    ['a line break', 'photos\n2024/a.jpg'],
    ['more than 4096 characters', `${'photos/'.repeat(600)}a.jpg`],
    ["another file's name", 'photos/b.exe'],
    ['a parent folder', '../a.jpg'],
    ['no string at all', ['photos', 'a.jpg']],
  ])('keeps no relativePath with %s, and the record all the same', async (_, relativePath) => {
    const file = patternFile(2 * QUANTUM, 'a.jpg', 'image/jpeg');
    const url = endpoint();
    await interruptedUpload(file, url, relativePath);
    const [record] = await listStoredUploads(url);
    expect(record!.bytesCommitted).toBe(QUANTUM);
    expect(record!.relativePath).toBeUndefined();
  });

  it('a new Upload of the same file goes on from where the server stopped', async () => {
    const file = patternFile(3 * QUANTUM + 11, 'a.bin');
    const url = endpoint();
    const first = await interruptedUpload(file, url);

    const again = new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast, metadata: { name: file.name } });
    const result = await again.start();

    expect(result.sessionUri).toBe(first.sessionUri);
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => `${r.kind} ${r.status}`)).toEqual([
      'start 200',
      'chunk 308',
      'chunk 400',
      'query 308', // the refused chunk is checked against the session once
      'query 308', // the new Upload asks where the stored session stands
      'chunk 308',
      'chunk 308',
      'chunk 201',
    ]);
    expect(log.bytesReceived).toBe(file.size + QUANTUM); // the refused chunk, once
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('does not take another file with the same name and size for it', async () => {
    const url = endpoint();
    await interruptedUpload(patternFile(2 * QUANTUM, 'same.bin', 'application/octet-stream', 1), url);
    const other = patternFile(2 * QUANTUM, 'same.bin', 'application/octet-stream', 2);
    const upload = new Upload(other, { endpoint: url, chunkSize: QUANTUM });
    const result = await upload.start();
    await expectStored(result, other);
    expect((await sessionLog(result.sessionUri!)).requests[0]!.kind).toBe('start');
  });

  it('does not take another file with the same name, size, type and date for it', async () => {
    const url = endpoint();
    const lastModified = Date.UTC(2026, 0, 1);
    const twin = (seed: number) => new File([patternBytes(2 * QUANTUM, seed)], 'twin.bin', { type: 'application/octet-stream', lastModified });
    await interruptedUpload(twin(1), url);
    const other = twin(2);
    const result = await new Upload(other, { endpoint: url, chunkSize: QUANTUM, metadata: { name: 'twin.bin' } }).start();
    await expectStored(result, other);
    expect((await sessionLog(result.sessionUri!)).requests[0]!.kind).toBe('start');
  });

  it.each([
    ['other metadata', { metadata: { name: 'a.bin', parents: ['folder-B'] } }],
    ['another method', { method: 'PUT' as const }],
    ['another content type', { contentType: 'text/plain' }],
  ])('starts a new session for the same file with %s, so it lands where this upload asks', async (_, change) => {
    const file = patternFile(2 * QUANTUM + 1, 'a.bin');
    const url = endpoint();
    const first = await interruptedUpload(file, url);
    const result = await new Upload(file, { endpoint: url, chunkSize: QUANTUM, metadata: { name: 'a.bin' }, ...change }).start();
    expect(result.sessionUri).not.toBe(first.sessionUri);
    await expectStored(result, file);
    const stored = await storedFile((result.body as { id: string }).id);
    if ('metadata' in change) expect(stored.metadata).toEqual({ name: 'a.bin', parents: ['folder-B'] });
    if ('contentType' in change) expect(stored.contentType).toBe('text/plain');
    // The first upload's record stays: with its own request it can still go on.
    expect((await listStoredUploads(url)).map((record) => record.sessionUri)).toEqual([first.sessionUri]);
  });

  it('keeps the endpoint without its query (tokens, keys, signatures), and finds the record by the whole', async () => {
    const url = `${endpoint()}?access_token=secret-access-token&key=secret-api-key`;
    const file = patternFile(3 * QUANTUM, 'query.bin');
    const first = await interruptedUpload(file, url);
    const raw = await rawDatabase();
    expect(raw).toContain(first.sessionUri!);
    expect(raw).not.toContain('secret-access-token');
    expect(raw).not.toContain('secret-api-key');
    const [record] = await listStoredUploads(url);
    expect(record!.endpoint).toBe(url.slice(0, url.indexOf('?')));
    expect(await listStoredUploads(url.slice(0, url.indexOf('?')))).toEqual([]);
    const result = await new Upload(file, { endpoint: url, chunkSize: QUANTUM, metadata: { name: 'query.bin' } }).start();
    expect(result.sessionUri).toBe(first.sessionUri);
    await expectStored(result, file);
  });

  it('starts a new session when the stored one expired, and replaces the record', async () => {
    const file = patternFile(2 * QUANTUM + 1);
    const url = endpoint();
    const first = await interruptedUpload(file, url);
    await fetch(`${new URL(url).origin}/__control/sessions/${new URL(first.sessionUri!).searchParams.get('upload_id')}/faults`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'expire', status: 404, match: 'put' }]),
    });
    const again = new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast });
    again.addEventListener('progress', () => again.pause(), { once: true });
    const done = again.start();
    await until(() => again.state === 'paused', 'the upload is paused');
    const [record] = await listStoredUploads(url);
    expect(record!.sessionUri).toBe(again.sessionUri);
    expect(record!.sessionUri).not.toBe(first.sessionUri);
    again.resume();
    await expectStored(await done, file);
  });

  it('forgets the session on success, on abort and on clearStoredUploads()', async () => {
    const url = endpoint();
    await new Upload(patternFile(QUANTUM + 1), { endpoint: url, chunkSize: QUANTUM }).start();
    expect(await listStoredUploads(url)).toEqual([]);

    const aborted = new Upload(patternFile(2 * QUANTUM), { endpoint: url, chunkSize: QUANTUM });
    aborted.addEventListener('progress', () => aborted.abort(), { once: true });
    await rejection(aborted.start());
    await until(async () => (await listStoredUploads(url)).length === 0, 'the aborted upload\'s record is gone');

    await interruptedUpload(patternFile(2 * QUANTUM, 'c.bin'), url);
    expect(await listStoredUploads(url)).toHaveLength(1);
    await clearStoredUploads();
    expect(await listStoredUploads()).toEqual([]);
  });

  describe('a crafted or corrupt record is deleted and a new session started', () => {
    const file = patternFile(2 * QUANTUM + 9, 'crafted.bin');
    const resumed = async (url: string) => {
      const result = await new Upload(file, { endpoint: url, chunkSize: QUANTUM, metadata: { name: 'crafted.bin' } }).start();
      await expectStored(result, file);
      expect((await sessionLog(result.sessionUri!)).requests[0]!.kind).toBe('start');
      return result;
    };

    it('a data: session URI', async () => {
      const url = endpoint();
      await interruptedUpload(file, url);
      await tamper(url, { sessionUri: `data:application/json,${encodeURIComponent(JSON.stringify({ id: 'x', size: String(file.size) }))}` });
      await resumed(url);
    });

    it('a session URI on another origin than the endpoint', async () => {
      const url = endpoint();
      await interruptedUpload(file, url);
      const elsewhere = await startSessionDirectly(endpoint(undefined, keepAliveServerUrl), file.size);
      await tamper(url, { sessionUri: elsewhere });
      await resumed(url);
      expect((await sessionLog(elsewhere)).bytesReceived).toBe(0);
    });

    it.each([
      ['bytesCommitted beyond the size', { bytesCommitted: 10 * QUANTUM }],
      ['a negative size', { size: -1 }],
      ['a fractional count', { bytesCommitted: 0.5 }],
      ['a chunk size that is no multiple of 256 KiB', { chunkSize: 1000 }],
      ['a date in the future', { updatedAt: Date.now() + 86_400_000 }],
      ['another fingerprint', { fingerprint: 'f'.repeat(64) }],
      ['a relativePath with a control character', { relativePath: 'photos\u001b[2J/crafted.bin' }],
      ['a relativePath of more than 4096 characters', { relativePath: `${'a/'.repeat(2100)}crafted.bin` }],
      ['a relativePath naming another file', { relativePath: 'photos/invoice.pdf' }],
      ['a relativePath that climbs out of its folder', { relativePath: 'photos/../../crafted.bin' }],
      ['a relativePath that is no string', { relativePath: ['photos', 'crafted.bin'] }],
    ])('%s', async (_, change) => {
      const url = endpoint();
      await interruptedUpload(file, url);
      await tamper(url, change);
      expect(await listStoredUploads(url)).toEqual([]);
      await resumed(url);
    });
  });

  it('discards records older than maxStoredAgeMs', async () => {
    const file = patternFile(2 * QUANTUM + 3);
    const url = endpoint();
    const first = await interruptedUpload(file, url);
    await new Promise((r) => setTimeout(r, 20));
    const result = await new Upload(file, { endpoint: url, chunkSize: QUANTUM, maxStoredAgeMs: 10 }).start();
    expect(result.sessionUri).not.toBe(first.sessionUri);
  });

  it('lists no record older than its age, and removes it', async () => {
    const url = endpoint();
    await interruptedUpload(patternFile(2 * QUANTUM + 5, 'old.bin'), url);
    expect(await listStoredUploads(url)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await listStoredUploads(url, { maxAgeMs: 10 })).toEqual([]);
    // Removed, not only hidden: the default age does not bring it back.
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('stores nothing with store: false', async () => {
    const url = endpoint();
    const upload = new Upload(patternFile(2 * QUANTUM), { endpoint: url, chunkSize: QUANTUM, store: false });
    upload.addEventListener('progress', ({ detail }) => detail.bytesCommitted === 2 * QUANTUM && upload.pause());
    const done = upload.start();
    await until(() => upload.state === 'paused', 'the upload is paused');
    expect(await listStoredUploads(url)).toEqual([]);
    upload.resume();
    await done;
  });

  it('lets only one upload of a stored file run at a time', async () => {
    const file = patternFile(2 * QUANTUM);
    const url = endpoint();
    // The first upload, paused after its first chunk, keeps the lock until it goes on and ends.
    const one = new Upload(file, { endpoint: url, chunkSize: QUANTUM });
    one.addEventListener('progress', () => one.pause(), { once: true });
    const two = new Upload(file, { endpoint: url, chunkSize: QUANTUM });
    const first = one.start();
    await until(() => one.state === 'paused', 'the first upload is paused');
    const error = await rejection(two.start());
    expect(error.code).toBe('locked');
    // Two uploads on one page: the message does not send the person looking for another tab only.
    expect(error.message).toContain('in another tab or by another upload on this page');
    one.resume();
    await expectStored(await first, file);
  });

  it('a refused lock leaves the stored record alone: not adopted, not checked away, no session started', async () => {
    // The record is read while the lock is asked for; only the holder of the lock may act on it.
    const store = new MemorySessionStore();
    const file = patternFile(2 * QUANTUM);
    const url = endpoint();
    // The first upload holds the lock while the server holds its second chunk unanswered.
    const one = new Upload(file, { endpoint: url, chunkSize: QUANTUM, store, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'hold' }]) });
    const first = one.start();
    const chunks = async () => (one.sessionUri ? (await sessionLog(one.sessionUri)).requests.filter((request) => request.kind === 'chunk').length : 0);
    // Until the record of the first chunk's checksums has landed too: the next write comes with the held answer.
    await until(async () => (await chunks()) === 2 && (await store.list())[0]?.checksums !== undefined, 'the second chunk held, the checksums recorded');
    // A record the check would delete (too old), under this file's key: the lock's holder owns it.
    const [record] = await store.list();
    await store.set({ ...record!, sessionUri: 'http://127.0.0.1:1/gone', updatedAt: 1, createdAt: 1 });
    const two = new Upload(file, { endpoint: url, chunkSize: QUANTUM, store });
    expect((await rejection(two.start())).code).toBe('locked');
    expect(two.sessionUri).toBeUndefined();
    expect((await store.get(record!.fingerprint))?.sessionUri).toBe('http://127.0.0.1:1/gone');
    // A pause gives up the held request; the upload goes on from what the server has.
    one.pause();
    one.resume();
    await expectStored(await first, file);
  });

  it('writes no record, reads none and takes no lock for a file that fits in its first request', async () => {
    const memory = new MemorySessionStore();
    const asked: string[] = [];
    const store: SessionStore = {
      get: (key) => (asked.push('get'), memory.get(key)),
      set: (record) => (asked.push('set'), memory.set(record)),
      delete: (key) => (asked.push('delete'), memory.delete(key)),
      list: () => memory.list(),
      clear: () => memory.clear(),
    };
    const locks = vi.spyOn(navigator.locks, 'request');
    try {
      // Adaptive chunks (the first is 256 KiB), and a fixed chunk size the file fills exactly.
      for (const [size, chunkSize] of [[1024, undefined], [QUANTUM, undefined], [QUANTUM, QUANTUM]] as const) {
        const file = patternFile(size);
        await expectStored(await new Upload(file, { endpoint: endpoint(), chunkSize, store }).start(), file);
      }
      // The store is listed once (no record of these files there): none is fingerprinted and looked up.
      expect(asked).toEqual([]);
      expect(locks).not.toHaveBeenCalled();
      // One byte more takes two requests: its record is kept while it uploads, as before.
      const file = patternFile(QUANTUM + 1);
      await expectStored(await new Upload(file, { endpoint: endpoint(), store }).start(), file);
      expect(new Set(asked)).toEqual(new Set(['get', 'set', 'delete']));
      expect(locks).toHaveBeenCalledTimes(1);
    } finally {
      locks.mockRestore();
    }
  });

  // 1 KiB: the fingerprint covers it whole; 256 KiB: past the fingerprint's two edges, its record must say what it holds.
  it.each([1024, QUANTUM])('keeps a file of one request (%i bytes) once it fails, and the next page takes up its session', async (size) => {
    const memory = new MemorySessionStore();
    // Each page has its own store object over the same records, listed afresh.
    const page = (): SessionStore => ({ get: (k) => memory.get(k), set: (r) => memory.set(r), delete: (k) => memory.delete(k), list: () => memory.list(), clear: () => memory.clear() });
    const file = patternFile(size);
    const url = endpoint();
    const first = new Upload(file, { endpoint: url, store: page(), retry: { retries: 0 }, headers: faultHeaders([{ kind: 'lose-response' }]) });
    expect((await rejection(first.start())).code).toBe('network');
    expect((await memory.list()).map((record) => record.sessionUri)).toEqual([first.sessionUri]);
    const result = await new Upload(file, { endpoint: url, store: page() }).start();
    expect(result.sessionUri).toBe(first.sessionUri);
    await expectStored(result, file);
    expect(await memory.list()).toEqual([]);
  });

  it('listStoredUploads fails, rather than never settling, when the store never answers', async () => {
    const silent = new (class extends MemorySessionStore {
      override list = () => new Promise<never>(() => {}); // a database another page holds blocked
    })();
    await expect(listStoredUploads(endpoint(), { store: silent })).rejects.toThrow('Session storage gave no answer');
  });

  it('uploads a file of one request when the store never lists its records, or throws at once', async () => {
    const silent = new (class extends MemorySessionStore {
      override list = () => new Promise<never>(() => {}); // a blocked database: no answer, ever
    })();
    const throwing = new (class extends MemorySessionStore {
      override list = (): Promise<never> => {
        throw new TypeError('not a store after all');
      };
    })();
    for (const store of [silent, throwing]) {
      const file = patternFile(1024);
      await expectStored(await new Upload(file, { endpoint: endpoint(), store }).start(), file);
    }
  });

  it('uploads without persistence when storage fails, and says so once per store', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = (): SessionStore => ({
      get: () => Promise.reject(new DOMException('Quota', 'QuotaExceededError')),
      set: () => Promise.reject(new DOMException('Quota', 'QuotaExceededError')),
      delete: () => Promise.reject(new DOMException('Quota', 'QuotaExceededError')),
      list: () => Promise.reject(new DOMException('Quota', 'QuotaExceededError')),
      clear: () => Promise.reject(new DOMException('Quota', 'QuotaExceededError')),
    });
    const said = () => warn.mock.calls.filter(([message]) => String(message).includes('session storage')).length;
    for (const store of [broken(), broken()]) {
      const before = said();
      for (const size of [QUANTUM + 1, 2 * QUANTUM + 1]) {
        const file = patternFile(size);
        await expectStored(await new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, store }).start(), file);
      }
      expect(said() - before).toBe(1);
    }
    warn.mockRestore();
  });
});

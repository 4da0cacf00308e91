/**
 * The contract of a session store (`store`), run against the IndexedDB store and an in-memory one:
 * what every store must do, and that uploads, `listStoredUploads`, `forgetStoredUpload`,
 * `clearStoredUploads` and the element all use the store they are given, never the default one.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads, forgetStoredUpload, listStoredUploads, type SessionStore, type StoredUpload } from '../../src/index.ts';
import { IdbSessionStore } from '../../src/storage/idb-session-store.ts';
import { mount, nextEvent, shadow } from './element/support/fixture.ts';
import { expectFirstChunkSentOnce, interrupt, interruptedRows, rowsAfterConnect } from './element/support/interrupted.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { MemorySessionStore } from './support/memory-session-store.ts';
import { endpoint, faultHeaders, sessionLog } from './support/server.ts';
import { fast, interruptAfterFirstChunk } from './support/upload-helpers.ts';
import { until } from '../support/until.ts';

const implementations: [string, () => SessionStore][] = [
  // A database of its own per test: the same code path as the default store, nothing shared.
  ['IndexedDB', () => new IdbSessionStore(`resumable-upload-contract-${crypto.randomUUID()}`)],
  ['in-memory', () => new MemorySessionStore()],
];

/** Uploads the first chunk into `store`, then a 400 stops the upload with its session kept, as after a crash. */
const interruptInto = async (store: SessionStore, file: File, url: string) => (await interruptAfterFirstChunk(store, file, url)).sessionUri!;

/** Another record's fingerprint: a SHA-256 in hex, as the engine writes them (others are not read back). */
const fingerprint = (digit: string) => digit.repeat(64);

beforeEach(() => clearStoredUploads());

describe.each(implementations)('the %s store', (_, createStore) => {
  let store: SessionStore;
  /** A real record, as the engine wrote it into the store. */
  let record: StoredUpload;
  let file: File;
  let url: string;

  beforeEach(async () => {
    store = createStore();
    url = endpoint();
    file = patternFile(2 * QUANTUM, 'kept.bin');
    const sessionUri = await interruptInto(store, file, url);
    const [kept] = await store.list();
    expect(kept).toMatchObject({ sessionUri, bytesCommitted: QUANTUM, name: 'kept.bin' });
    record = kept!;
  });

  it('holds what the engine keeps, and the default IndexedDB store holds none of it', async () => {
    expect(await store.list()).toHaveLength(1);
    expect(await store.get(record.fingerprint)).toEqual(record);
    expect(await listStoredUploads()).toEqual([]);
  });

  it('gets a record by its fingerprint, replaces it on set, and answers undefined once it is deleted', async () => {
    expect(await store.get('unknown')).toBeUndefined();
    const newer = { ...record, bytesCommitted: 2 * QUANTUM, updatedAt: record.updatedAt + 1 };
    await store.set(newer);
    expect(await store.get(record.fingerprint)).toEqual(newer);
    expect(await store.list()).toHaveLength(1);
    await store.delete(record.fingerprint);
    expect(await store.get(record.fingerprint)).toBeUndefined();
    await expect(store.delete(record.fingerprint)).resolves.toBeUndefined();
  });

  it('keeps a copy: changing an object after set or after get changes nothing stored', async () => {
    const mine = { ...record, fingerprint: fingerprint('c'), metadata: { name: 'a' } };
    await store.set(mine);
    mine.metadata.name = 'changed after set';
    const read = (await store.get(fingerprint('c')))!;
    expect(read.metadata).toEqual({ name: 'a' });
    (read.metadata as { name: string }).name = 'changed after get';
    expect((await store.get(fingerprint('c')))!.metadata).toEqual({ name: 'a' });
  });

  it('lists every record, and clear empties it', async () => {
    await store.set({ ...record, fingerprint: fingerprint('2') });
    expect((await store.list()).map((each) => each.fingerprint).sort()).toEqual([record.fingerprint, fingerprint('2')].sort());
    await store.clear();
    expect(await store.list()).toEqual([]);
  });

  it('listStoredUploads reads it: its endpoint only, newest first, stale records removed from it', async () => {
    const newer = { ...record, fingerprint: fingerprint('e'), updatedAt: record.updatedAt + 5 };
    const elsewhere = { ...record, fingerprint: fingerprint('d'), endpoint: endpoint(), endpointHash: fingerprint('f') };
    await store.set(newer);
    await store.set(elsewhere);
    expect((await listStoredUploads(url, { store })).map((each) => each.fingerprint)).toEqual([fingerprint('e'), record.fingerprint]);
    expect(await listStoredUploads(undefined, { store })).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a wait past 10 ms only ages them more
    expect(await listStoredUploads(url, { store, maxAgeMs: 10 })).toEqual([]);
    expect(await store.list()).toEqual([]);
  });

  it('forgetStoredUpload and clearStoredUploads act on it, and leave the default store alone', async () => {
    const inDefault = await interrupt(patternFile(2 * QUANTUM, 'default.bin'), url);
    await store.set({ ...record, fingerprint: fingerprint('2') });
    await forgetStoredUpload(record.fingerprint, store);
    expect((await store.list()).map((each) => each.fingerprint)).toEqual([fingerprint('2')]);
    await clearStoredUploads(store);
    expect(await store.list()).toEqual([]);
    expect((await listStoredUploads(url)).map((each) => each.sessionUri)).toEqual([inDefault]);
  });

  it('an upload of the same file resumes from its record: the first chunk is not sent again', async () => {
    const upload = new Upload(file, { endpoint: url, store, chunkSize: QUANTUM, retry: fast, metadata: { name: file.name } });
    const result = await upload.start();
    expect(result.sessionUri).toBe(record.sessionUri);
    await expectStored(result, file);
    await expectFirstChunkSentOnce(record.sessionUri, file);
    expect(await store.list()).toEqual([]);
  });

  it("the element given it as its store lists, resumes into and discards from it, never from IndexedDB's", async () => {
    await interrupt(patternFile(2 * QUANTUM, 'in-default.bin'), url);
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) }, (element) => (element.store = store));
    const [row] = await rowsAfterConnect(element, 1);
    expect(row!.querySelector('[part~="name"]')!.textContent).toBe('kept.bin');

    // A new upload by the element keeps its session in this store too.
    const other = patternFile(2 * QUANTUM, 'other.bin');
    element.headers = faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]);
    const failed = nextEvent(element, 'upload-error');
    element.addFiles([other]);
    await failed;
    const kept = await listStoredUploads(url, { store });
    expect(kept.map((each) => each.name).sort()).toEqual(['kept.bin', 'other.bin']);
    const otherSession = kept.find((each) => each.name === 'other.bin')!.sessionUri;
    expect((await listStoredUploads(url)).map((each) => each.name)).toEqual(['in-default.bin']);

    // Discard forgets the record in this store and cancels its session.
    shadow(element).querySelector<HTMLButtonElement>(`li[data-fingerprint="${record.fingerprint}"] [data-interrupted-action="discard"]`)!.click();
    await until(async () => (await store.get(record.fingerprint)) === undefined, 'the discarded record is gone from the store');
    await until(() => interruptedRows(element).length === 0, 'the row goes'); // with the element's next render
    await until(async () => (await sessionLog(record.sessionUri)).expired, 'the discarded session is cancelled');
    expect((await sessionLog(otherSession)).expired).toBe(false);
    expect(await listStoredUploads(url)).toHaveLength(1);
  });
});

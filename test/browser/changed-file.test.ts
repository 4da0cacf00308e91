// A file edited where its fingerprint does not look (between its first and last 64 KiB), keeping its
// name, size, type and date, is another file: a session holding the earlier version's first bytes
// must never be finished with this one's. Real IndexedDB, the reference server, both engines.
import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads, listStoredUploads, type StoredUpload } from '../../src/index.ts';
import { createStore, set } from 'idb-keyval';
import { expectStored } from './support/expect-stored.ts';
import { patternBytes, QUANTUM } from './support/files.ts';
import { endpoint, faultHeaders, sessionLog } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';

const SIZE = 3 * QUANTUM + 11;
const lastModified = Date.UTC(2026, 0, 1);

/** The file as first chosen, or as edited since in its first 256 KiB, beyond the fingerprint's first 64 KiB. */
function version(edited: boolean): File {
  const bytes = patternBytes(SIZE, 5);
  if (edited) bytes.fill(0x2a, 100 * 1024, 200 * 1024);
  return new File([bytes], 'report.bin', { type: 'application/octet-stream', lastModified });
}

const options = (url: string) => ({ endpoint: url, chunkSize: QUANTUM, retry: fast, metadata: { name: 'report.bin' } });

/** Uploads the first 256 KiB, then stops (the second chunk refused), leaving the session's record as a closed tab would. */
async function interrupted(url: string): Promise<string> {
  const upload = new Upload(version(false), { ...options(url), headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]) });
  expect((await rejection(upload.start())).code).toBe('http');
  expect(await listStoredUploads(url)).toMatchObject([{ sessionUri: upload.sessionUri, bytesCommitted: QUANTUM }]);
  return upload.sessionUri!;
}

beforeEach(() => clearStoredUploads());

describe('a file changed since its session was kept', () => {
  it('is not finished onto the session that holds the earlier version: a new session gets all of its bytes', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    const edited = version(true);

    const result = await new Upload(edited, options(url)).start();

    await expectStored(result, edited);
    expect(result.sessionUri).not.toBe(earlier);
    const old = await sessionLog(earlier);
    // Asked where it stands, then nothing more sent to it, and cancelled.
    expect(old.requests.map((r) => r.kind)).toEqual(['start', 'chunk', 'chunk', 'query', 'query']);
    expect(old.committed).toBe(QUANTUM);
    expect(old.expired).toBeTruthy();
    expect((await sessionLog(result.sessionUri!)).requests.map((r) => r.contentRange ?? r.kind)).toEqual([
      'start',
      `bytes 0-${QUANTUM - 1}/${SIZE}`,
      `bytes ${QUANTUM}-${2 * QUANTUM - 1}/${SIZE}`,
      `bytes ${2 * QUANTUM}-${3 * QUANTUM - 1}/${SIZE}`,
      `bytes ${3 * QUANTUM}-${SIZE - 1}/${SIZE}`,
    ]);
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('the same file, unchanged, goes on from where the server stopped, with nothing resent', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    const same = version(false);

    const result = await new Upload(same, options(url)).start();

    expect(result.sessionUri).toBe(earlier);
    await expectStored(result, same);
    const log = await sessionLog(earlier);
    expect(log.requests.map((r) => r.contentRange ?? r.kind)).toEqual([
      'start',
      `bytes 0-${QUANTUM - 1}/${SIZE}`,
      `bytes ${QUANTUM}-${2 * QUANTUM - 1}/${SIZE}`, // refused (400)
      `bytes */${SIZE}`,
      `bytes */${SIZE}`, // the new Upload asks where the stored session stands
      `bytes ${QUANTUM}-${2 * QUANTUM - 1}/${SIZE}`,
      `bytes ${2 * QUANTUM}-${3 * QUANTUM - 1}/${SIZE}`,
      `bytes ${3 * QUANTUM}-${SIZE - 1}/${SIZE}`,
    ]);
    expect(log.bytesReceived).toBe(SIZE + QUANTUM); // the refused chunk, once
  });

  it('checks what the server holds, not what the record says it held', async () => {
    // The record may lag the server (a chunk answered as the tab closed): its checksums cover the
    // chunk in flight, so the server's count is what is checked, and an unchanged file goes on.
    const url = endpoint();
    const earlier = await interrupted(url);
    await rewrite(url, { bytesCommitted: 0 });
    const same = version(false);
    const result = await new Upload(same, options(url)).start();
    expect(result.sessionUri).toBe(earlier);
    await expectStored(result, same);

    const url2 = endpoint();
    await interrupted(url2);
    await rewrite(url2, { bytesCommitted: 0 });
    const edited = version(true);
    const again = await new Upload(edited, options(url2)).start();
    await expectStored(again, edited);
  });

  it('a record without checksums (kept by an earlier version) is not trusted with bytes it cannot check: a new session', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    await rewrite(url, { checksums: undefined });
    const same = version(false);
    const result = await new Upload(same, options(url)).start();
    expect(result.sessionUri).not.toBe(earlier);
    await expectStored(result, same);
  });

  it('a crafted checksum matches nothing', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    await rewrite(url, { checksums: [[QUANTUM, '0'], 'x', null] as unknown as StoredUpload['checksums'] });
    const result = await new Upload(version(false), options(url)).start();
    expect(result.sessionUri).not.toBe(earlier);
    await expectStored(result, version(false));
  });
});

/** Changes the one stored record as an earlier version, a lagging write or a crafted database would hold it. */
async function rewrite(url: string, change: Partial<StoredUpload>): Promise<void> {
  const [record] = await listStoredUploads(url);
  await set(record!.fingerprint, { ...record!, ...change }, createStore('resumable-upload', 'sessions'));
}

// A server may keep part of a chunk (a count that is no multiple of 256 KiB): the session kept for
// an unchanged file is taken up again from there, its bytes checked against the record's checksum
// of a longer prefix. Real IndexedDB, the reference server, every engine.
import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads, listStoredUploads } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternBytes } from './support/files.ts';
import { endpoint, faultHeaders, injectFaults, sessionLog } from './support/server.ts';
import { rejection } from './support/upload-helpers.ts';

const SIZE = 4 * QUANTUM + 5;
const file = (edited = false) => {
  const bytes = patternBytes(SIZE, 7);
  if (edited) bytes.fill(0x2a, QUANTUM + 100, QUANTUM + 200); // within what the session holds, past the fingerprint's edges
  return new File([bytes], 'partial.bin', { type: 'application/octet-stream', lastModified: Date.UTC(2026, 0, 2) });
};
const options = (url: string) => ({ endpoint: url, chunkSize: QUANTUM, retry: { retries: 0 } });

/** Sends the first chunk, has the server keep 1,000 bytes of the second, then stops (the third refused). */
async function interrupted(url: string): Promise<string> {
  const upload = new Upload(file(), {
    ...options(url),
    headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'partial', commitBytes: 1000 }, { kind: 'status', status: 400 }]),
  });
  expect((await rejection(upload.start())).code).toBe('http');
  expect(await listStoredUploads(url)).toMatchObject([{ sessionUri: upload.sessionUri, bytesCommitted: QUANTUM + 1000 }]);
  return upload.sessionUri!;
}

beforeEach(() => clearStoredUploads());

describe('a session that holds a count off the 256 KiB boundaries', () => {
  it('is taken up again for the unchanged file, from the count the server holds', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    const result = await new Upload(file(), options(url)).start();
    expect(result.sessionUri).toBe(earlier);
    await expectStored(result, file());
    const log = await sessionLog(earlier);
    const after = log.requests.slice(log.requests.findIndex((request) => request.status === 400) + 1);
    // The refused chunk's own query, then the resume's, then the bytes from where the server is.
    expect(after.slice(0, 3)).toMatchObject([
      { kind: 'query', status: 308 },
      { kind: 'query', status: 308 },
      { kind: 'chunk', contentRange: `bytes ${QUANTUM + 1000}-${2 * QUANTUM + 999}/${SIZE}` },
    ]);
  });

  it('is not taken up for a file changed within those bytes: a new session gets all of them', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    const edited = file(true);
    const result = await new Upload(edited, options(url)).start();
    expect(result.sessionUri).not.toBe(earlier);
    await expectStored(result, edited);
  });

  it('is taken up again after a second interruption at a count off the boundaries too', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    // Taken up from QUANTUM + 1000: its next chunk reaches the server whole, but its answer is lost,
    // and the page goes (no retry): the record was written before that chunk, the server holds more.
    await injectFaults(earlier, [{ kind: 'lose-response', match: 'chunk' }]);
    expect((await rejection(new Upload(file(), options(url)).start())).code).toBe('network');
    const second = 2 * QUANTUM + 1000;
    const result = await new Upload(file(), options(url)).start();
    expect(result.sessionUri).toBe(earlier);
    await expectStored(result, file());
    const log = await sessionLog(earlier);
    const lost = log.requests.findIndex((request) => request.dropped);
    // The lost chunk, the resume's query, then the bytes from where the server is.
    expect(log.requests.slice(lost, lost + 3)).toMatchObject([
      { kind: 'chunk', contentRange: `bytes ${QUANTUM + 1000}-${second - 1}/${SIZE}` },
      { kind: 'query', status: 308 },
      { kind: 'chunk', contentRange: `bytes ${second}-${second + QUANTUM - 1}/${SIZE}` },
    ]);
  });

  it('is not taken up after the second interruption for a file changed within the bytes sent since', async () => {
    const url = endpoint();
    const earlier = await interrupted(url);
    await injectFaults(earlier, [{ kind: 'lose-response', match: 'chunk' }]);
    expect((await rejection(new Upload(file(), options(url)).start())).code).toBe('network');
    // Changed in the bytes the lost chunk carried, past the first interruption's count.
    const bytes = new Uint8Array(await file().arrayBuffer());
    bytes.fill(0x2a, 2 * QUANTUM + 10, 2 * QUANTUM + 20);
    const edited = new File([bytes], 'partial.bin', { type: 'application/octet-stream', lastModified: Date.UTC(2026, 0, 2) });
    const result = await new Upload(edited, options(url)).start();
    expect(result.sessionUri).not.toBe(earlier);
    await expectStored(result, edited);
  });
});

import { describe, expect, it } from 'vitest';
import { Upload, type UploadState } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { MiB, QUANTUM, patternFile } from './support/files.ts';
import { endpoint, sessionLog, startSessionDirectly } from './support/server.ts';

const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 50 };

describe('resumable upload', () => {
  it('sends a small file in one request and answers 201 with the metadata', async () => {
    const file = patternFile(200 * 1024, 'report.pdf', 'application/pdf');
    const upload = new Upload(file, { endpoint: endpoint(), metadata: { name: 'report.pdf' } });
    const states: UploadState[] = [];
    upload.addEventListener('statechange', (e) => states.push(e.detail.state));

    const result = await upload.start();

    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ name: 'report.pdf', contentType: 'application/pdf', size: String(file.size) });
    expect(result.sessionUri).toBe(upload.sessionUri);
    expect(states).toEqual(['starting', 'uploading', 'done']);
    expect(upload.state).toBe('done');
    expect(upload.bytesCommitted).toBe(file.size);
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => r.kind)).toEqual(['start', 'chunk']);
  });

  it('sends chunks of chunkSize and reports progress from each 308 Range', async () => {
    const file = patternFile(MiB + 123);
    const upload = new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM });
    const progress: number[] = [];
    upload.addEventListener('progress', (e) => {
      expect(e.detail.bytesTotal).toBe(file.size);
      progress.push(e.detail.bytesCommitted);
    });

    const result = await upload.start();

    expect(progress).toEqual([QUANTUM, 2 * QUANTUM, 3 * QUANTUM, 4 * QUANTUM, file.size]);
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((r) => r.contentRange)).toEqual([
      null,
      `bytes 0-262143/${file.size}`,
      `bytes 262144-524287/${file.size}`,
      `bytes 524288-786431/${file.size}`,
      `bytes 786432-1048575/${file.size}`,
      `bytes 1048576-${file.size - 1}/${file.size}`,
    ]);
    expect(log.bytesReceived).toBe(file.size);
  });

  it.each([0, 1, QUANTUM - 1, QUANTUM, QUANTUM + 1, 3 * QUANTUM])('uploads %i bytes byte-identical', async (size) => {
    const file = patternFile(size);
    const upload = new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM });
    const progress: number[] = [];
    upload.addEventListener('progress', (e) => progress.push(e.detail.bytesCommitted));

    const result = await upload.start();

    expect(result.status).toBe(201);
    expect(progress.at(-1)).toBe(size);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await expectStored(result, file);
  });

  it("answers 200 when method 'PUT' updates an existing resource", async () => {
    const file = patternFile(QUANTUM + 5);
    const result = await new Upload(file, { endpoint: endpoint(), method: 'PUT', chunkSize: QUANTUM }).start();
    expect(result.status).toBe(200);
    await expectStored(result, file);
  });

  it('continues a session started elsewhere from the offset the server gives', async () => {
    const file = patternFile(3 * QUANTUM + 10);
    const url = endpoint();
    const sessionUri = await startSessionDirectly(url, file.size);
    // Someone already sent the first chunk.
    const first = await fetch(sessionUri, {
      method: 'PUT',
      headers: { 'Content-Range': `bytes 0-${QUANTUM - 1}/${file.size}` },
      body: file.slice(0, QUANTUM),
    });
    expect(first.status).toBe(308);

    const upload = new Upload(file, { sessionUri, chunkSize: QUANTUM });
    const result = await upload.start();

    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
    const log = await sessionLog(sessionUri);
    expect(log.requests.map((r) => r.kind)).toEqual(['start', 'chunk', 'query', 'chunk', 'chunk', 'chunk']);
    expect(log.bytesReceived).toBe(file.size);
  });

  it('resolves the headers function before every request', async () => {
    const file = patternFile(2 * QUANTUM + 1);
    let calls = 0;
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      retry: fast,
      headers: async () => ({ Authorization: `Bearer token-${++calls}` }),
    });
    await upload.start();
    expect(calls).toBe(4); // start + 3 chunks
  });

  it('adapts chunks by default: 256 KiB first, then larger on a fast link', async () => {
    const file = patternFile(3 * MiB);
    const result = await new Upload(file, { endpoint: endpoint() }).start();
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    const lengths = log.requests.slice(1).map((r) => {
      const [, first, last] = /bytes (\d+)-(\d+)/.exec(r.contentRange!)!;
      return Number(last) - Number(first) + 1;
    });
    expect(lengths[0]).toBe(QUANTUM);
    expect(lengths[1]).toBeGreaterThan(QUANTUM);
    lengths.slice(0, -1).forEach((length) => expect(length % QUANTUM).toBe(0));
  });

  it('returns the same promise when start() is called twice', async () => {
    const upload = new Upload(patternFile(10), { endpoint: endpoint() });
    const first = upload.start();
    expect(upload.start()).toBe(first);
    await first;
  });
});

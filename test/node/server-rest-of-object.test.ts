/**
 * `Content-Range: bytes FIRST-*\/TOTAL` (TOTAL may be `*`): the rest of the object in one body, its
 * end where the body ends. Not in the protocol pages, but Cloud Storage takes it and Google's Node
 * client streams so (docs/third-party-servers.md). Also the `name` query parameter, as Cloud Storage reads it.
 */
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../src/protocol/multipart-body.ts';
import { pattern, putChunk, send, sessionView, sha256, startSession, type Answer } from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;
const server = referenceServerForSuite({ testing: createTestingLayer() });

/** The rest of the object from `first`, streamed without Content-Length unless told. */
function putRest(sessionUri: string, bytes: Buffer, first: number, total: number | '*', contentLength: 'chunked' | undefined = 'chunked'): Promise<Answer> {
  return send(sessionUri, { method: 'PUT', headers: { 'Content-Range': `bytes ${first}-*/${total}` }, body: bytes, contentLength });
}

async function expectStored(answer: Answer, bytes: Buffer): Promise<void> {
  const info = (await send(`${server.origin}/__files/${answer.json<{ id: string }>().id}/info`)).json<{ size: string; sha256: string }>();
  expect(Number(info.size)).toBe(bytes.length);
  expect(info.sha256).toBe(sha256(bytes));
}

describe('bytes FIRST-*/TOTAL', () => {
  it('the whole object in one streamed body, total unknown', async () => {
    const bytes = pattern(3 * QUANTUM + 5, 1);
    const sessionUri = await startSession(server.origin);
    const answer = await putRest(sessionUri, bytes, 0, '*');
    expect(answer.status).toBe(201);
    await expectStored(answer, bytes);
    expect(await sessionView(server.origin, sessionUri)).toMatchObject({ total: bytes.length, committed: bytes.length, complete: true });
  });

  it('the rest after a chunk, with Content-Length, total known', async () => {
    const bytes = pattern(2 * QUANTUM + 9, 2);
    const sessionUri = await startSession(server.origin, { size: bytes.length });
    expect((await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, '*')).status).toBe(308);
    const answer = await putRest(sessionUri, bytes.subarray(QUANTUM), QUANTUM, bytes.length, undefined);
    expect(answer.status).toBe(201);
    await expectStored(answer, bytes);
  });

  it('a body shorter than the announced total keeps nothing and says so', async () => {
    const bytes = pattern(QUANTUM, 3);
    const sessionUri = await startSession(server.origin);
    const answer = await putRest(sessionUri, bytes, 0, 2 * QUANTUM);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/The body had 262144 bytes; Content-Range announced 524288/);
    expect(await sessionView(server.origin, sessionUri)).toMatchObject({ committed: 0, complete: false });
  });

  it('a start that leaves a gap is refused', async () => {
    const sessionUri = await startSession(server.origin);
    const answer = await putRest(sessionUri, pattern(10, 4), 5, '*');
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/starts at 5, that leaves a gap/);
  });

  it('a connection reset keeps the whole 256 KiB blocks that arrived', async () => {
    const bytes = pattern(3 * QUANTUM, 5);
    const sessionUri = await startSession(server.origin, { faults: [{ kind: 'reset', afterBytes: QUANTUM + 100 }] });
    await expect(putRest(sessionUri, bytes, 0, '*')).rejects.toThrow();
    expect(await sessionView(server.origin, sessionUri)).toMatchObject({ committed: QUANTUM, total: null, complete: false });
    const answer = await putRest(sessionUri, bytes.subarray(QUANTUM), QUANTUM, '*');
    expect(answer.status).toBe(201);
    await expectStored(answer, bytes);
  });
});

describe('the name query parameter', () => {
  it('names the object of a resumable session, over the metadata', async () => {
    const bytes = pattern(100, 6);
    const start = await send(`${server.origin}/upload/storage/v1/b/b/o?uploadType=resumable&name=dir%2Fa.bin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'other.bin', cacheControl: 'no-cache' }),
    });
    const answer = await putChunk(start.headers.location!, bytes, 0, bytes.length);
    expect(answer.json()).toMatchObject({ name: 'dir/a.bin', metadata: { name: 'dir/a.bin', cacheControl: 'no-cache' } });
  });

  it.each(['media', 'multipart'] as const)('names the object of uploadType=%s', async (uploadType) => {
    const bytes = pattern(100, 7);
    const multipart = multipartBody({ name: 'other.bin' }, new Blob([new Uint8Array(bytes)]), 'application/octet-stream');
    const body = uploadType === 'media' ? bytes : Buffer.from(await multipart.body.arrayBuffer());
    const contentType = uploadType === 'media' ? 'application/octet-stream' : multipart.contentType;
    const answer = await send(`${server.origin}/upload/x?uploadType=${uploadType}&name=named.bin`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'named.bin', size: '100' });
  });
});

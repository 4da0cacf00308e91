import { describe, expect, it } from 'vitest';
import { pattern, putChunk, queryStatus, send, sessionView, sha256, startSession } from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;
const server = referenceServerForSuite({ testing: createTestingLayer() });

/** A 400 (or `status`) with a plain-text reason matching `reason`. */
function expectRefused(answer: { status: number; headers: Record<string, unknown>; text: string }, reason: RegExp, status = 400) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  expect(answer.text).toMatch(reason);
}

describe('session start', () => {
  it.each(['-1', '1.5', 'ten', ''])('refuses X-Upload-Content-Length "%s"', async (value) => {
    const answer = await send(`${server.origin}/upload/x?uploadType=resumable`, { method: 'POST', headers: { 'X-Upload-Content-Length': value } });
    expectRefused(answer, /X-Upload-Content-Length/);
  });

  it.each(['{not json', '[1,2]', '"name"'])('refuses metadata %s', async (body) => {
    const answer = await send(`${server.origin}/upload/x?uploadType=resumable`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expectRefused(answer, /metadata/);
  });
});

describe('chunks', () => {
  const size = 3 * QUANTUM;
  const bytes = pattern(size);

  async function sessionWithOneChunk(options: { size?: number } = { size }) {
    const sessionUri = await startSession(server.origin, options);
    expect((await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, options.size ?? '*')).status).toBe(308);
    return sessionUri;
  }

  it('refuses a gap', async () => {
    const sessionUri = await sessionWithOneChunk();
    expectRefused(await putChunk(sessionUri, bytes.subarray(2 * QUANTUM), 2 * QUANTUM, size), /starts at 524288.*gap.*holds 262144/);
  });

  it('refuses an overlap', async () => {
    const sessionUri = await sessionWithOneChunk();
    expectRefused(await putChunk(sessionUri, bytes.subarray(QUANTUM - 1), QUANTUM - 1, size), /overlaps/);
  });

  it('refuses a non-final chunk that is not a multiple of 256 KiB', async () => {
    const sessionUri = await startSession(server.origin, { size });
    expectRefused(await putChunk(sessionUri, bytes.subarray(0, QUANTUM + 1), 0, size), /multiple of 262144/);
    expectRefused(await putChunk(sessionUri, bytes.subarray(0, 1000), 0, '*'), /multiple of 262144/);
  });

  it('refuses a total that differs from X-Upload-Content-Length', async () => {
    const sessionUri = await startSession(server.origin, { size });
    expectRefused(await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, size + 1), /total 786433 differs/);
    expectRefused(await queryStatus(sessionUri, size - 1), /differs/);
  });

  it('refuses a total that differs from one sent earlier', async () => {
    const sessionUri = await sessionWithOneChunk({});
    expect((await putChunk(sessionUri, bytes.subarray(QUANTUM, 2 * QUANTUM), QUANTUM, size)).status).toBe(308);
    expectRefused(await putChunk(sessionUri, bytes.subarray(2 * QUANTUM), 2 * QUANTUM, size + 5), /differs/);
  });

  it('refuses a chunk that ends at or beyond the total', async () => {
    const sessionUri = await startSession(server.origin, { size: 10 });
    expectRefused(await send(sessionUri, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-10/10' }, body: pattern(11) }), /beyond the total/);
  });

  it('refuses a status query whose total is less than what is committed', async () => {
    const sessionUri = await sessionWithOneChunk({});
    expectRefused(await queryStatus(sessionUri, 10), /less than the 262144 bytes/);
  });

  it.each([
    'bytes 0-9',
    'bytes=0-9/10',
    '0-9/10',
    'bytes 9-0/10',
    'bytes -1-9/10',
    'bytes 0-9/ten',
    'bytes */',
    'items 0-9/10',
  ])('refuses Content-Range "%s"', async (value) => {
    const sessionUri = await startSession(server.origin, { size: 10 });
    expectRefused(await send(sessionUri, { method: 'PUT', headers: { 'Content-Range': value }, body: pattern(10) }), /Malformed Content-Range/);
  });

  it('refuses a Content-Length that differs from the range', async () => {
    const sessionUri = await startSession(server.origin, { size: 10 });
    const answer = await send(sessionUri, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-9/10' }, body: pattern(9) });
    expectRefused(answer, /Content-Length 9 does not match Content-Range \(10 bytes\)/);
  });

  it('refuses a chunk sent without Content-Length with 411', async () => {
    const sessionUri = await startSession(server.origin, { size: 10 });
    const answer = await putChunk(sessionUri, pattern(10), 0, 10, { contentLength: 'chunked' });
    expectRefused(answer, /Content-Length/, 411);
  });

  it('commits nothing from a refused chunk and goes on from the committed offset', async () => {
    const sessionUri = await sessionWithOneChunk();
    await putChunk(sessionUri, bytes.subarray(QUANTUM, QUANTUM + 100), QUANTUM, size);
    await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, size);
    const view = await sessionView(server.origin, sessionUri);
    expect(view.committed).toBe(QUANTUM);
    expect(view.requests.map((r) => r.status)).toEqual([200, 308, 400, 400]);
    const rest = await putChunk(sessionUri, bytes.subarray(QUANTUM), QUANTUM, size);
    expect(rest.status).toBe(201);
    expect(rest.json()).toMatchObject({ sha256: sha256(bytes) });
  });
});

describe('multipart', () => {
  const url = () => `${server.origin}/upload/x?uploadType=multipart`;
  const related = 'multipart/related; boundary=b';
  const part = (type: string, content: string) => `--b\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;

  it.each([
    ['no multipart Content-Type', 'application/json', `${part('application/json', '{}')}--b--`, /multipart\/related/],
    ['no boundary', 'multipart/related', `${part('application/json', '{}')}--b--`, /no boundary/],
    ['one part', related, `${part('application/json', '{}')}--b--`, /expected 2 parts.*got 1/],
    ['three parts', related, `${part('application/json', '{}')}${part('text/plain', 'a')}${part('text/plain', 'b')}--b--`, /got 3/],
    ['media first', related, `${part('text/plain', 'a')}${part('application/json', '{}')}--b--`, /first part must be application\/json/],
    ['bad JSON', related, `${part('application/json', '{')}${part('text/plain', 'a')}--b--`, /not valid JSON/],
    ['no close delimiter', related, `${part('application/json', '{}')}${part('text/plain', 'a')}`, /close delimiter.*missing/],
    ['boundary absent from the body', related, 'just bytes', /does not occur/],
  ])('refuses %s', async (_, contentType, body, reason) => {
    expectRefused(await send(url(), { method: 'POST', headers: { 'Content-Type': contentType }, body }), reason);
  });
});

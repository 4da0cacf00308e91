import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import {
  md5Base64,
  pattern,
  putChunk,
  queryStatus,
  send,
  sessionView,
  sha256,
  startSession,
  uploadIdOf,
} from './support/http-client.ts';
import { until } from '../support/until.ts';
import { referenceServerForSuite } from './support/reference-server.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;
const server = referenceServerForSuite({ testing: createTestingLayer() });

const endpoint = (type: string) => `${server.origin}/upload/test/v1/files?uploadType=${type}`;

/** A multipart/related body as a client builds it; the media part is raw bytes. */
function multipartBody(boundary: string, metadata: string, mediaType: string, media: Buffer, metadataType = 'application/json; charset=UTF-8'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: ${metadataType}\r\n\r\n${metadata}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Type: ${mediaType}\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('uploadType=media', () => {
  it('stores the raw bytes and answers 200 with Cloud Storage style metadata', async () => {
    const bytes = pattern(100_000);
    const answer = await send(endpoint('media'), { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: bytes });
    expect(answer.status).toBe(200);
    const info = answer.json();
    expect(info).toMatchObject({ size: '100000', contentType: 'image/png', sha256: sha256(bytes), md5Hash: md5Base64(bytes), metadata: {} });
    expect(info.name).toBe(info.id);
    const stored = await send(`${server.origin}/__files/${info.id as string}`);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(sha256(stored.body)).toBe(sha256(bytes));
    expect((await send(`${server.origin}/__files/${info.id as string}/info`)).json()).toEqual(info);
  });

  it('accepts PUT and a body sent without Content-Length', async () => {
    const bytes = pattern(5000, 3);
    const answer = await send(endpoint('media'), { method: 'PUT', body: bytes, contentLength: 'chunked' });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ size: '5000', sha256: sha256(bytes), contentType: 'application/octet-stream' });
  });
});

describe('uploadType=multipart', () => {
  it('splits metadata and media, binary-safe, with CRLF and -- inside the data', async () => {
    const media = Buffer.concat([Buffer.from('\r\n--\r\n--foo\r\n\r\n'), pattern(70_000, 9), Buffer.from([0, 13, 10, 45, 45])]);
    const body = multipartBody('foo_bar_baz', '{"name":"Llama","tags":["a"]}', 'application/octet-stream', media);
    const answer = await send(endpoint('multipart'), {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/related; boundary=foo_bar_baz' },
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({
      name: 'Llama',
      size: String(media.length),
      contentType: 'application/octet-stream',
      sha256: sha256(media),
      metadata: { name: 'Llama', tags: ['a'] },
    });
  });

  it('takes a quoted boundary, metadata without charset, and a preamble', async () => {
    const media = Buffer.from('From: a@example.com\r\n\r\nHello');
    const plain = await send(endpoint('multipart'), {
      method: 'PUT',
      headers: { 'Content-Type': 'multipart/related; boundary="b:o u"' },
      body: Buffer.concat([Buffer.from('ignored preamble\r\n'), multipartBody('b:o u', '{}', 'message/rfc822', media, 'application/json')]),
    });
    expect(plain.status).toBe(200);
    expect(plain.json()).toMatchObject({ contentType: 'message/rfc822', size: String(media.length), sha256: sha256(media) });
  });
});

describe('uploadType=resumable', () => {
  it('answers the start with 200, a Location on this origin and an empty body', async () => {
    const answer = await send(endpoint('resumable'), { method: 'POST', headers: { 'X-Upload-Content-Length': '10' } });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
    const location = new URL(answer.headers.location ?? '');
    expect(location.origin).toBe(server.origin);
    expect(location.pathname).toBe('/upload/test/v1/files');
    expect(location.searchParams.get('uploadType')).toBe('resumable');
    expect(location.searchParams.get('upload_id')).toMatch(/^[\w-]{16,}$/);
  });

  it('takes the whole file in one PUT and answers 201 with the metadata from the start', async () => {
    const bytes = pattern(300_000);
    const sessionUri = await startSession(server.origin, { size: bytes.length, contentType: 'video/mp4', metadata: { name: 'clip.mp4' } });
    const answer = await putChunk(sessionUri, bytes, 0, bytes.length);
    expect(answer.status).toBe(201);
    const info = answer.json();
    expect(info).toMatchObject({
      id: uploadIdOf(sessionUri),
      name: 'clip.mp4',
      size: '300000',
      contentType: 'video/mp4',
      md5Hash: md5Base64(bytes),
      sha256: sha256(bytes),
      metadata: { name: 'clip.mp4' },
    });
    expect(sha256((await send(`${server.origin}/__files/${uploadIdOf(sessionUri)}`)).body)).toBe(sha256(bytes));
  });

  it('takes a PUT without Content-Range as the whole file', async () => {
    const bytes = pattern(1000);
    const sessionUri = await startSession(server.origin);
    const answer = await send(sessionUri, { method: 'PUT', body: bytes });
    expect(answer.status).toBe(201);
    expect(answer.json()).toMatchObject({ size: '1000', sha256: sha256(bytes), contentType: 'application/octet-stream' });
  });

  it('takes chunks, answers 308 with Range: bytes=0-N, and finishes with 201', async () => {
    const bytes = pattern(2 * QUANTUM + 1234);
    const sessionUri = await startSession(server.origin, { size: bytes.length });
    const first = await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, bytes.length);
    expect(first.status).toBe(308);
    expect(first.headers.range).toBe(`bytes=0-${QUANTUM - 1}`);
    expect(first.headers.location).toBeUndefined();
    const second = await putChunk(sessionUri, bytes.subarray(QUANTUM, 2 * QUANTUM), QUANTUM, bytes.length);
    expect(second.headers.range).toBe(`bytes=0-${2 * QUANTUM - 1}`);
    const last = await putChunk(sessionUri, bytes.subarray(2 * QUANTUM), 2 * QUANTUM, bytes.length);
    expect(last.status).toBe(201);
    expect(last.json()).toMatchObject({ size: String(bytes.length), sha256: sha256(bytes) });
    const view = await sessionView(server.origin, sessionUri);
    expect(view).toMatchObject({ committed: bytes.length, total: bytes.length, complete: true, expired: false, bytesReceived: bytes.length });
    expect(view.requests.map((r) => `${r.kind} ${r.status} ${r.contentRange}`)).toEqual([
      'start 200 null',
      `chunk 308 bytes 0-262143/${bytes.length}`,
      `chunk 308 bytes 262144-524287/${bytes.length}`,
      `chunk 201 bytes 524288-${bytes.length - 1}/${bytes.length}`,
    ]);
  });

  it('finishes a session started with PUT (an update) with 200', async () => {
    const bytes = pattern(10);
    const sessionUri = await startSession(server.origin, { method: 'PUT', size: 10 });
    expect((await putChunk(sessionUri, bytes, 0, 10)).status).toBe(200);
    expect((await queryStatus(sessionUri, 10)).status).toBe(200);
  });

  it('accepts * as the total until the last chunk', async () => {
    const bytes = pattern(QUANTUM + 10);
    const sessionUri = await startSession(server.origin);
    expect((await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, '*')).status).toBe(308);
    const last = await putChunk(sessionUri, bytes.subarray(QUANTUM), QUANTUM, bytes.length);
    expect(last.status).toBe(201);
    expect(last.json()).toMatchObject({ sha256: sha256(bytes) });
  });

  it('finishes with bytes */TOTAL when a stream of unknown length ended on a chunk boundary', async () => {
    const bytes = pattern(QUANTUM);
    const sessionUri = await startSession(server.origin);
    expect((await putChunk(sessionUri, bytes, 0, '*')).status).toBe(308);
    const done = await queryStatus(sessionUri, QUANTUM);
    expect(done.status).toBe(201);
    expect(done.json()).toMatchObject({ size: String(QUANTUM), sha256: sha256(bytes) });
  });
});

describe('status queries', () => {
  it('answers 308 without Range while nothing is committed', async () => {
    const sessionUri = await startSession(server.origin, { size: 5 });
    const answer = await queryStatus(sessionUri, 5);
    expect(answer.status).toBe(308);
    expect(answer.headers.range).toBeUndefined();
    expect((await queryStatus(sessionUri, '*')).headers.range).toBeUndefined();
  });

  it('answers the committed Range between chunks, for a known and an unknown total', async () => {
    const bytes = pattern(QUANTUM + 1);
    const sessionUri = await startSession(server.origin);
    await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, '*');
    for (const total of ['*', bytes.length] as const) {
      const answer = await queryStatus(sessionUri, total);
      expect(answer.status).toBe(308);
      expect(answer.headers.range).toBe(`bytes=0-${QUANTUM - 1}`);
    }
  });

  it('answers the final 201 and JSON once complete, to queries and later PUTs alike', async () => {
    const bytes = pattern(100);
    const sessionUri = await startSession(server.origin, { size: 100 });
    const final = await putChunk(sessionUri, bytes, 0, 100);
    const query = await queryStatus(sessionUri, 100);
    expect(query.status).toBe(201);
    expect(query.json()).toEqual(final.json());
    const again = await putChunk(sessionUri, bytes, 0, 100);
    expect(again.status).toBe(201);
    expect(again.json()).toEqual(final.json());
  });
});

describe('zero-byte files', () => {
  it.each([
    ['declared size 0, query bytes */0', { size: 0 }, 0],
    ['no declared size, query bytes */0', {}, 0],
    ['declared size 0, query bytes */*', { size: 0 }, '*'],
  ] as const)('finishes an empty object (%s)', async (_, options, total) => {
    const sessionUri = await startSession(server.origin, { ...options, metadata: { name: 'empty.txt' } });
    const answer = await queryStatus(sessionUri, total);
    expect(answer.status).toBe(201);
    expect(answer.json()).toMatchObject({ name: 'empty.txt', size: '0', sha256: sha256(Buffer.alloc(0)), md5Hash: '1B2M2Y8AsgTpgAmY7PhCfg==' });
  });

  it('finishes an empty object with an empty PUT without Content-Range', async () => {
    const sessionUri = await startSession(server.origin);
    const answer = await send(sessionUri, { method: 'PUT' });
    expect(answer.status).toBe(201);
    expect(answer.json()).toMatchObject({ size: '0' });
  });

  it('does not finish with bytes */* when the size is unknown', async () => {
    const sessionUri = await startSession(server.origin);
    expect((await queryStatus(sessionUri, '*')).status).toBe(308);
  });

  it('stores an empty media upload', async () => {
    const answer = await send(endpoint('media'), { method: 'POST', headers: { 'Content-Type': 'text/plain' } });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ size: '0', contentType: 'text/plain' });
  });
});

describe('sessions', () => {
  it('answers 404 to an unknown upload_id', async () => {
    const answer = await queryStatus(`${server.origin}/upload/test/v1/files?uploadType=resumable&upload_id=nope`, '*');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts every body byte received in bytesReceived, resent ones included', async () => {
    const bytes = pattern(2 * QUANTUM);
    const sessionUri = await startSession(server.origin, { size: bytes.length });
    await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, bytes.length);
    // A resend of the first chunk (the client missed the answer) is refused but its bytes arrived.
    expect((await putChunk(sessionUri, bytes.subarray(0, QUANTUM), 0, bytes.length)).status).toBe(400);
    await putChunk(sessionUri, bytes.subarray(QUANTUM), QUANTUM, bytes.length);
    const view = await sessionView(server.origin, sessionUri);
    expect(view.bytesReceived).toBe(3 * QUANTUM);
    expect(view.committed).toBe(2 * QUANTUM);
  });

  it('keeps whole 256 KiB blocks of a body the client abandoned, and keeps serving', async () => {
    const bytes = pattern(3 * QUANTUM);
    const sessionUri = await startSession(server.origin, { size: bytes.length });
    await new Promise<void>((resolve) => {
      const req = request(sessionUri, {
        method: 'PUT',
        agent: false,
        headers: { 'Content-Length': String(bytes.length), 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
      });
      req.on('error', () => resolve());
      // Left once the server has read the bytes: a reset drops what it has not read yet, on a busy machine too.
      req.write(bytes.subarray(0, QUANTUM + 1000), async () => {
        await until(async () => (await sessionView(server.origin, sessionUri)).bytesReceived >= QUANTUM + 1000, 'the server reads the bytes sent');
        req.destroy();
        resolve();
      });
    });
    // The server learns of the abandoned body when its connection closes. A status query sent before that would
    // supersede the chunk still arriving (a newer request wins), so the query waits until the server logged the drop.
    await until(async () => (await sessionView(server.origin, sessionUri)).requests.some((r) => r.kind === 'chunk' && r.dropped), 'the server logs the drop');
    const status = await queryStatus(sessionUri, bytes.length);
    expect(status.headers.range).toBe(`bytes=0-${QUANTUM - 1}`);
    const rest = await putChunk(sessionUri, bytes.subarray(QUANTUM), QUANTUM, bytes.length);
    expect(rest.status).toBe(201);
    expect(rest.json()).toMatchObject({ sha256: sha256(bytes) });
  });

  it('lets a newer request of the session win over a chunk still arriving', async () => {
    const bytes = pattern(2 * QUANTUM);
    const sessionUri = await startSession(server.origin, { size: bytes.length });
    const stale = request(sessionUri, {
      method: 'PUT',
      agent: false,
      headers: { 'Content-Length': String(bytes.length), 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    });
    const staleOutcome = new Promise<string>((resolve) => {
      stale.on('error', () => resolve('dropped'));
      stale.on('response', (res) => resolve(String(res.statusCode)));
    });
    await new Promise<void>((resolve) => stale.write(bytes.subarray(0, QUANTUM + 5), () => resolve()));
    await until(async () => (await sessionView(server.origin, sessionUri)).bytesReceived >= QUANTUM + 5, 'the server reads the stale bytes');

    // The client gave up on it and asks again; the server has not seen the old connection close.
    const status = await queryStatus(sessionUri, bytes.length);
    expect(status.status).toBe(308);
    expect(status.headers.range).toBeUndefined();
    expect(await staleOutcome).toBe('dropped');
    const whole = await putChunk(sessionUri, bytes, 0, bytes.length);
    expect(whole.status).toBe(201);
    expect(whole.json()).toMatchObject({ sha256: sha256(bytes) });
  });
});

describe('control and file routes', () => {
  it('answers 404 for unknown objects and sessions', async () => {
    expect((await send(`${server.origin}/__files/nope`)).status).toBe(404);
    expect((await send(`${server.origin}/__files/nope/info`)).status).toBe(404);
    expect((await send(`${server.origin}/__control/sessions/nope`)).status).toBe(404);
    expect((await send(`${server.origin}/__control/other`)).status).toBe(404);
  });
});

describe('requests that are not for the protocol', () => {
  it('answers 405 to other methods and 400 to an unknown uploadType', async () => {
    expect((await send(endpoint('media'), { method: 'GET' })).status).toBe(405);
    const sessionUri = await startSession(server.origin);
    expect((await send(sessionUri, { method: 'POST' })).status).toBe(405);
    const unknown = await send(endpoint('chunky'), { method: 'POST', body: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/uploadType/);
    expect((await send(`${server.origin}/upload/test/v1/files`, { method: 'POST' })).status).toBe(400);
  });

  it('answers 404 elsewhere when standalone, and hands over to next() when mounted', async () => {
    const missing = await send(`${server.origin}/demo/`);
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect((await send(`${server.origin}/nowhere/v1/files`, { method: 'OPTIONS' })).status).toBe(204);
    const reference = createReferenceServer();
    const host = createServer((req, res) => reference.handle(req, res, () => res.writeHead(299).end('next')));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const mounted = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      expect((await send(`${mounted}/demo/`)).status).toBe(299);
      expect((await send(`${mounted}/uploads-elsewhere`)).status).toBe(299);
      const sessionUri = await startSession(mounted, { size: 3 });
      expect(new URL(sessionUri).origin).toBe(mounted);
      expect((await putChunk(sessionUri, Buffer.from('abc'), 0, 3)).status).toBe(201);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});

describe('CORS', () => {
  it('answers preflights, echoing the requested headers', async () => {
    const answer = await send(`${server.origin}/upload/test/v1/files?uploadType=resumable&upload_id=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-range,x-upload-content-type,x-test-faults',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(answer.headers['access-control-allow-headers']).toBe('authorization,content-range,x-upload-content-type,x-test-faults');
    expect(answer.headers['access-control-max-age']).toBe('600');
    expect((await send(`${server.origin}/__control/faults`, { method: 'OPTIONS' })).status).toBe(204);
  });

  it('exposes Location, Range and the rest on every answer, errors included', async () => {
    const sessionUri = await startSession(server.origin, { size: QUANTUM + 1 });
    const answers = [
      await send(endpoint('resumable'), { method: 'POST' }),
      await putChunk(sessionUri, pattern(QUANTUM), 0, QUANTUM + 1),
      await putChunk(sessionUri, pattern(5), 5, QUANTUM + 1),
      await queryStatus(`${server.origin}/upload/x?upload_id=none`, '*'),
      await send(`${server.origin}/__control/sessions/${uploadIdOf(sessionUri)}`),
    ];
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-expose-headers']).toBe('Location, Range, X-Upload-Content-Type, X-Upload-Content-Length, Retry-After');
    }
  });
});

describe('options', () => {
  it('with acceptResentBytes, takes a chunk that repeats committed bytes and keeps only the new ones', async () => {
    const tolerant = await createReferenceServer({ acceptResentBytes: true }).listen(0);
    try {
      const bytes = pattern(3 * QUANTUM + 10);
      const sessionUri = await startSession(tolerant.url, { size: bytes.length });
      expect((await putChunk(sessionUri, bytes.subarray(0, 2 * QUANTUM), 0, bytes.length)).status).toBe(308);
      // A browser's own resend of a request whose answer it lost, and one that overlaps by a block.
      const again = await putChunk(sessionUri, bytes.subarray(0, 2 * QUANTUM), 0, bytes.length);
      expect(again.status).toBe(308);
      expect(again.headers.range).toBe(`bytes=0-${2 * QUANTUM - 1}`);
      const overlapping = await putChunk(sessionUri, Buffer.alloc(2 * QUANTUM, 0xee), 0, bytes.length);
      expect(overlapping.headers.range).toBe(`bytes=0-${2 * QUANTUM - 1}`);
      const last = await putChunk(sessionUri, bytes.subarray(QUANTUM), QUANTUM, bytes.length);
      expect(last.status).toBe(201);
      // The committed bytes were never overwritten by what was resent.
      expect(last.json()).toMatchObject({ sha256: sha256(bytes) });
      // Gaps are refused still.
      const other = await startSession(tolerant.url, { size: bytes.length });
      expect((await putChunk(other, bytes.subarray(QUANTUM, 2 * QUANTUM), QUANTUM, bytes.length)).status).toBe(400);
    } finally {
      await tolerant.close();
    }
  });


  it('closes every connection with closeConnections', async () => {
    const strict = await createReferenceServer({ closeConnections: true }).listen(0);
    try {
      expect((await send(`${strict.url}/__control/sessions/none`)).headers.connection).toBe('close');
    } finally {
      await strict.close();
    }
  });

  it('answers 413 to a multipart body above maxMultipartBytes', async () => {
    const small = await createReferenceServer({ maxMultipartBytes: 1000 }).listen(0);
    try {
      const body = multipartBody('b', '{}', 'text/plain', pattern(2000));
      const answer = await send(`${small.url}/upload/x?uploadType=multipart`, { method: 'POST', headers: { 'Content-Type': 'multipart/related; boundary=b' }, body });
      expect(answer.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('writes to the given dir, and logs each request', async () => {
    const lines: string[] = [];
    const reference = createReferenceServer({ log: (line) => lines.push(line) });
    const own = await reference.listen(0);
    try {
      const answer = await send(`${own.url}/upload/x?uploadType=media`, { method: 'POST', body: 'hello' });
      const { readFile } = await import('node:fs/promises');
      const { join } = await import('node:path');
      expect(await readFile(join(reference.dir, answer.json().id as string), 'utf8')).toBe('hello');
      expect(lines).toEqual([expect.stringMatching(/^POST \/upload\/x\?uploadType=media → 200/)]);
    } finally {
      await own.close();
    }
  });
});

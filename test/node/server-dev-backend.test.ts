/**
 * The reference server as a development backend: test controls only when asked for, session URIs
 * that do not come from the client's Host header, size limits, sessions that expire and are
 * forgotten, and maps that stay bounded.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import { withServer } from './support/reference-server.ts';
import { pattern, putChunk, queryStatus, send, sessionView, start, startSession, uploadIdOf } from './support/http-client.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;


const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Long enough for a few requests on a busy machine; the tests wait past it to see a session expire.
const TTL_MS = 600;
const pastTtl = () => wait(TTL_MS + 300);
const media = (origin: string) => `${origin}/upload/x?uploadType=media`;

describe('test controls (faults)', () => {
  it('are off by default: X-Test-Faults is ignored, on a start, a chunk and a media upload', async () => {
    await withServer({}, async (origin) => {
      const refused = await start(origin, { size: 10, faults: [{ kind: 'status', status: 500, match: 'start' }] });
      expect(refused.status).toBe(200);
      const sessionUri = await startSession(origin, { size: 10, faults: [{ kind: 'status', status: 503 }, { kind: 'omit-location' }] });
      expect((await putChunk(sessionUri, pattern(10), 0, 10)).status).toBe(201);
      const single = await send(media(origin), { method: 'POST', body: 'abc', headers: { 'X-Test-Faults': JSON.stringify([{ kind: 'status', status: 500 }]) } });
      expect(single.status).toBe(200);
    });
  });

  it('are off by default: every /__control route answers 404 and sets nothing', async () => {
    await withServer({}, async (origin) => {
      const set = await send(`${origin}/__control/faults`, { method: 'POST', body: JSON.stringify([{ kind: 'omit-location' }]) });
      expect(set.status).toBe(404);
      expect(set.text).toMatch(/faults on/);
      expect((await start(origin)).headers.location).toBeDefined();
      const sessionUri = await startSession(origin, { size: 10 });
      expect((await send(`${origin}/__control/sessions/${uploadIdOf(sessionUri)}`)).status).toBe(404);
      const perSession = await send(`${origin}/__control/sessions/${uploadIdOf(sessionUri)}/faults`, {
        method: 'POST',
        body: JSON.stringify([{ kind: 'status', status: 500 }]),
      });
      expect(perSession.status).toBe(404);
      expect((await putChunk(sessionUri, pattern(10), 0, 10)).status).toBe(201);
    });
  });

  it('are on with testing: createTestingLayer()', async () => {
    await withServer({ testing: createTestingLayer() }, async (origin) => {
      expect((await start(origin, { faults: [{ kind: 'status', status: 500, match: 'start' }] })).status).toBe(500);
      expect((await send(`${origin}/__control/faults`, { method: 'POST', body: '[]' })).status).toBe(204);
    });
  });
});

describe('Location', () => {
  it('is the address the connection arrived at, never a spoofed Host header', async () => {
    await withServer({}, async (origin) => {
      const answer = await start(origin, { size: 10 });
      expect(new URL(answer.headers.location!).origin).toBe(origin);
      const spoofed = await send(`${origin}/upload/x?uploadType=resumable`, { method: 'POST', headers: { Host: 'evil.example' } });
      expect(spoofed.status).toBe(200);
      expect(spoofed.headers.location).toMatch(new RegExp(`^${origin}/upload/x\\?uploadType=resumable&upload_id=`));
    });
  });

  it('is publicUrl plus the request path, whatever Host says', async () => {
    await withServer({ publicUrl: 'https://uploads.example.test/base/' }, async (origin) => {
      const answer = await send(`${origin}/upload/x?uploadType=resumable`, { method: 'POST', headers: { Host: 'evil.example' } });
      const location = new URL(answer.headers.location!);
      expect(location.origin).toBe('https://uploads.example.test');
      expect(location.pathname).toBe('/base/upload/x');
      // The session is this server's: the same path on the real address reaches it.
      expect((await queryStatus(`${origin}${location.pathname.slice('/base'.length)}${location.search}`, '*')).status).toBe(308);
    });
  });

  it.each(['uploads.example.test', 'ftp://uploads.example.test', 'https://uploads.example.test/?a=1', 'https://user:pw@uploads.example.test'])(
    'refuses publicUrl %s with a TypeError that names it',
    (publicUrl) => {
      expect(() => createReferenceServer({ publicUrl })).toThrow(/publicUrl/);
    },
  );
});

describe('size limits (maxUploadBytes)', () => {
  const max = 2 * QUANTUM;

  it('refuses a larger X-Upload-Content-Length with 413, and takes one at the limit', async () => {
    await withServer({ maxUploadBytes: max }, async (origin) => {
      const over = await start(origin, { size: max + 1 });
      expect(over.status).toBe(413);
      expect(over.text).toMatch(/maximum upload size/);
      expect(over.headers.location).toBeUndefined();
      expect((await start(origin, { size: max })).status).toBe(200);
    });
  });

  it('refuses a Content-Range total or a chunk beyond the limit, committing nothing', async () => {
    await withServer({ maxUploadBytes: max, testing: createTestingLayer() }, async (origin) => {
      const sessionUri = await startSession(origin);
      expect((await putChunk(sessionUri, pattern(QUANTUM), 0, max + 1)).status).toBe(413);
      expect((await queryStatus(sessionUri, max + 1)).status).toBe(413);
      expect((await putChunk(sessionUri, pattern(QUANTUM), 0, '*')).status).toBe(308);
      expect((await putChunk(sessionUri, pattern(2 * QUANTUM), QUANTUM, '*')).status).toBe(413);
      expect((await sessionView(origin, sessionUri)).committed).toBe(QUANTUM);
    });
  });

  it('stops writing a streamed body of unknown length at the limit and answers 413', async () => {
    await withServer({ maxUploadBytes: max, testing: createTestingLayer() }, async (origin, dir) => {
      const sessionUri = await startSession(origin);
      const body = pattern(max + QUANTUM);
      const rest = (bytes: Buffer) => send(sessionUri, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-*/*' }, body: bytes, contentLength: 'chunked' });
      expect((await rest(body)).status).toBe(413);
      expect((await sessionView(origin, sessionUri)).committed).toBe(0);
      expect(statSync(path.join(dir, uploadIdOf(sessionUri))).size).toBe(0);
      expect((await rest(body.subarray(0, max))).status).toBe(201);
    });
  });

  it('refuses a media upload beyond the limit, declared or streamed, and keeps no file of it', async () => {
    await withServer({ maxUploadBytes: max }, async (origin, dir) => {
      expect((await send(media(origin), { method: 'POST', body: pattern(max + 1) })).status).toBe(413);
      expect((await send(media(origin), { method: 'POST', body: pattern(max + 1), contentLength: 'chunked' })).status).toBe(413);
      expect(readdirSync(dir)).toEqual([]);
      expect((await send(media(origin), { method: 'POST', body: pattern(max), contentLength: 'chunked' })).status).toBe(200);
    });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxUploadBytes %s with a TypeError', (maxUploadBytes) => {
    expect(() => createReferenceServer({ maxUploadBytes })).toThrow(/maxUploadBytes/);
  });
});

describe('session lifetime (sessionTtlMs)', () => {
  it('answers 404 to a session idle past its lifetime, forgets it and deletes its bytes', async () => {
    await withServer({ sessionTtlMs: TTL_MS, testing: createTestingLayer() }, async (origin, dir) => {
      const sessionUri = await startSession(origin, { size: 2 * QUANTUM });
      expect((await putChunk(sessionUri, pattern(QUANTUM), 0, 2 * QUANTUM)).status).toBe(308);
      const file = path.join(dir, uploadIdOf(sessionUri));
      expect(statSync(file).size).toBe(QUANTUM);
      await pastTtl();
      expect((await queryStatus(sessionUri, 2 * QUANTUM)).status).toBe(404);
      expect((await send(`${origin}/__control/sessions/${uploadIdOf(sessionUri)}`)).status).toBe(404);
      expect(existsSync(file)).toBe(false);
    });
  });

  it('keeps a session that is used within its lifetime', async () => {
    // Used every third of its lifetime, for longer than a lifetime: a gap of two thirds is left for a busy machine.
    const ttlMs = 3000;
    await withServer({ sessionTtlMs: ttlMs }, async (origin) => {
      const sessionUri = await startSession(origin, { size: 10 });
      for (let i = 0; i < 4; i++) {
        await wait(ttlMs / 3);
        expect((await queryStatus(sessionUri, 10)).status).toBe(308);
      }
      expect((await putChunk(sessionUri, pattern(10), 0, 10)).status).toBe(201);
    });
  });

  it('prunes every expired session when another starts, without being asked about them', async () => {
    await withServer({ sessionTtlMs: TTL_MS }, async (origin, dir) => {
      const stale = await Promise.all([1, 2, 3].map(() => startSession(origin, { size: 2 * QUANTUM })));
      for (const sessionUri of stale) expect((await putChunk(sessionUri, pattern(QUANTUM), 0, 2 * QUANTUM)).status).toBe(308);
      expect(readdirSync(dir)).toHaveLength(3);
      await pastTtl();
      await startSession(origin, { size: 10 });
      for (const sessionUri of stale) expect(existsSync(path.join(dir, uploadIdOf(sessionUri)))).toBe(false);
      expect(readdirSync(dir)).toHaveLength(0); // a session's file comes with its first bytes
    });
  });

  it('keeps a finished object after its session expired', async () => {
    await withServer({ sessionTtlMs: TTL_MS }, async (origin) => {
      const sessionUri = await startSession(origin, { size: 10 });
      expect((await putChunk(sessionUri, pattern(10), 0, 10)).status).toBe(201);
      await pastTtl();
      expect((await queryStatus(sessionUri, 10)).status).toBe(404);
      expect((await send(`${origin}/__files/${uploadIdOf(sessionUri)}`)).body.equals(pattern(10))).toBe(true);
    });
  });
});

describe('bounded maps', () => {
  it('holds at most maxSessions sessions: one more start gets 503, until expired ones are pruned', async () => {
    await withServer({ maxSessions: 2, sessionTtlMs: TTL_MS }, async (origin) => {
      await startSession(origin);
      await startSession(origin);
      const full = await start(origin);
      expect(full.status).toBe(503);
      expect(full.text).toMatch(/maxSessions/);
      await pastTtl();
      expect((await start(origin)).status).toBe(200);
    });
  });

  it('makes room at maxSessions by forgetting the oldest finished session, whose object stays', async () => {
    await withServer({ maxSessions: 2 }, async (origin) => {
      const finished = await startSession(origin, { size: 10 });
      expect((await putChunk(finished, pattern(10), 0, 10)).status).toBe(201);
      await startSession(origin, { size: 10 });
      expect((await start(origin, { size: 10 })).status).toBe(200);
      expect((await queryStatus(finished, 10)).status).toBe(404);
      expect((await send(`${origin}/__files/${uploadIdOf(finished)}`)).body.equals(pattern(10))).toBe(true);
      expect((await start(origin, { size: 10 })).status).toBe(503);
    });
  });

  it('keeps the newest maxObjects objects; the oldest goes, with its bytes and its session', async () => {
    await withServer({ maxObjects: 2 }, async (origin, dir) => {
      const sessionUri = await startSession(origin, { size: 10 });
      expect((await putChunk(sessionUri, pattern(10), 0, 10)).status).toBe(201);
      const ids = [uploadIdOf(sessionUri)];
      for (const seed of [2, 3]) ids.push((await send(media(origin), { method: 'POST', body: pattern(10, seed) })).json<{ id: string }>().id);
      expect((await send(`${origin}/__files/${ids[0]}`)).status).toBe(404);
      expect((await queryStatus(sessionUri, 10)).status).toBe(404);
      expect(readdirSync(dir).sort()).toEqual(ids.slice(1).sort());
      for (const id of ids.slice(1)) expect((await send(`${origin}/__files/${id}`)).status).toBe(200);
    });
  });

  it("keeps the newest 1000 requests of a session's log", async () => {
    await withServer({ testing: createTestingLayer() }, async (origin) => {
      const sessionUri = await startSession(origin, { size: 10 });
      // 50 at a time: one after another takes seconds.
      for (let i = 0; i < 1005; i += 50) {
        await Promise.all(Array.from({ length: Math.min(50, 1005 - i) }, () => queryStatus(sessionUri, 10)));
      }
      const view = await sessionView(origin, sessionUri);
      expect(view.requests).toHaveLength(1000);
      expect(view.requests.every((request) => request.kind === 'query')).toBe(true);
    });
  }, 30_000);
});

/**
 * Places for sessions (maxSessions): a cancelled session gives its place and its bytes back at once,
 * and sessions a client abandoned give way to new starts instead of blocking them until they expire.
 */
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import { until } from '../support/until.ts';
import { withServer } from './support/reference-server.ts';
import { pattern, putChunk, queryStatus, send, sessionView, start, startSession, uploadIdOf } from './support/http-client.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;


const cancel = (sessionUri: string) => send(sessionUri, { method: 'DELETE' });

describe('a cancelled session', () => {
  it('frees its place and its bytes at once: three cancels, and the next start still gets a session', async () => {
    await withServer({ maxSessions: 3, testing: createTestingLayer() }, async (origin, dir) => {
      const sessions = await Promise.all([1, 2, 3].map(() => startSession(origin, { size: 2 * QUANTUM })));
      for (const sessionUri of sessions) expect((await putChunk(sessionUri, pattern(QUANTUM), 0, 2 * QUANTUM)).status).toBe(308);
      expect(readdirSync(dir)).toHaveLength(3);
      for (const sessionUri of sessions) expect((await cancel(sessionUri)).status).toBe(499);
      expect(readdirSync(dir)).toEqual([]);
      expect((await start(origin, { size: 10 })).status).toBe(200);
      // Cancelled is gone: the protocol answers 404; the control endpoint still shows what happened.
      expect((await queryStatus(sessions[0]!, 2 * QUANTUM)).status).toBe(404);
      expect(await sessionView(origin, sessions[0]!)).toMatchObject({ expired: true, complete: false, committed: QUANTUM });
    });
  });

  it('cuts off a chunk still arriving and keeps none of it', async () => {
    await withServer({ testing: createTestingLayer() }, async (origin, dir) => {
      const sessionUri = await startSession(origin, { size: 4 * QUANTUM });
      const req = request(sessionUri, { method: 'PUT', agent: false, headers: { 'Content-Range': `bytes 0-${4 * QUANTUM - 1}/${4 * QUANTUM}`, 'Content-Length': String(4 * QUANTUM) } });
      const outcome = new Promise((resolve) => {
        req.on('response', (res) => resolve(res.statusCode));
        req.on('error', () => resolve('dropped'));
      });
      req.write(pattern(QUANTUM));
      // The server has the first bytes once the session counts them.
      await until(async () => (await sessionView(origin, sessionUri)).bytesReceived > 0, 'the session counts the first bytes');
      expect((await cancel(sessionUri)).status).toBe(499);
      expect(await outcome).toBe('dropped');
      expect(existsSync(path.join(dir, uploadIdOf(sessionUri)))).toBe(false);
      expect((await sessionView(origin, sessionUri)).committed).toBe(0);
    });
  });

  it('keeps the object of a session cancelled after it finished', async () => {
    await withServer({}, async (origin) => {
      const sessionUri = await startSession(origin, { size: 10 });
      expect((await putChunk(sessionUri, pattern(10), 0, 10)).status).toBe(201);
      expect((await cancel(sessionUri)).status).toBe(499);
      expect((await send(`${origin}/__files/${uploadIdOf(sessionUri)}`)).body.equals(pattern(10))).toBe(true);
    });
  });
});

describe('abandoned sessions', () => {
  // Long enough for a few requests on a busy machine; the test waits past it.
  const RECLAIM_MS = 3000;

  it('give their place to a new start once idle reclaimIdleMs, the idlest first; until then a 503 says when to retry', async () => {
    await withServer({ maxSessions: 2, reclaimIdleMs: RECLAIM_MS, testing: createTestingLayer() }, async (origin, dir) => {
      const abandoned = await startSession(origin, { size: 2 * QUANTUM });
      expect((await putChunk(abandoned, pattern(QUANTUM), 0, 2 * QUANTUM)).status).toBe(308);
      const kept = await startSession(origin, { size: 10 });
      const full = await start(origin, { size: 10 });
      expect(full.status).toBe(503);
      expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, RECLAIM_MS + 300));
      expect((await queryStatus(kept, 10)).status).toBe(308); // used again: no longer the idlest
      const fresh = await startSession(origin, { size: 10 });
      expect((await queryStatus(abandoned, 2 * QUANTUM)).status).toBe(404);
      expect(existsSync(path.join(dir, uploadIdOf(abandoned)))).toBe(false);
      expect((await putChunk(kept, pattern(10), 0, 10)).status).toBe(201);
      expect((await putChunk(fresh, pattern(10), 0, 10)).status).toBe(201);
    });
  });

  it.each([0, 1.5])('refuses reclaimIdleMs %s with a TypeError that names it', (reclaimIdleMs) => {
    expect(() => createReferenceServer({ reclaimIdleMs })).toThrow(/reclaimIdleMs/);
  });
});

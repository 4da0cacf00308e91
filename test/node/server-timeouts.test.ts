/**
 * No request is cut off for taking long while its body keeps arriving (a 256 MiB PUT on a slow link),
 * but a body that stops arriving is: its connection is closed after bodyStallTimeoutMs, and the
 * server keeps what a reset would leave.
 */
import { createServer, request } from 'node:http';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReferenceServer, referenceServer } from '../../server/index.ts';
import { until } from '../support/until.ts';
import { withServer } from './support/reference-server.ts';
import { createUploadServer, HEADERS_TIMEOUT_MS } from '../../server/http-timeouts.ts';
import { injectFaults, pattern, queryStatus, sessionView, startSession } from './support/http-client.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

const QUANTUM = 262_144;


/** Sends the headers and the first `sent` bytes of a `length`-byte body, then nothing; resolves how the request ended. */
function stalledRequest(url: string, method: string, headers: Record<string, string>, length: number, sent: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, { method, agent: false, headers: { ...headers, 'Content-Length': String(length) } });
    req.on('response', (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', () => resolve('closed without an answer'));
    req.write(sent);
  });
}


describe('request timeouts', () => {
  it('lift Node\'s 5-minute limit on a whole request, and keep the limit on its headers', () => {
    const server = createUploadServer(() => {});
    expect(server.requestTimeout).toBe(0);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });

  it.each(['configureServer', 'configurePreviewServer'] as const)('are lifted in the vite server the plugin is mounted in (%s)', (hook) => {
    const httpServer = createServer();
    expect(httpServer.requestTimeout).toBe(300_000);
    const plugin = referenceServer();
    (plugin[hook] as (server: unknown) => void)({ middlewares: { use: () => {} }, httpServer });
    expect(httpServer.requestTimeout).toBe(0);
    expect(httpServer.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });

  it('close a chunk whose body stops arriving, keeping its whole 256 KiB blocks', async () => {
    await withServer({ bodyStallTimeoutMs: 300, testing: createTestingLayer() }, async (origin) => {
      const sessionUri = await startSession(origin, { size: 4 * QUANTUM });
      const headers = { 'Content-Range': `bytes 0-${4 * QUANTUM - 1}/${4 * QUANTUM}` };
      expect(await stalledRequest(sessionUri, 'PUT', headers, 4 * QUANTUM, pattern(QUANTUM + 100))).toBe('closed without an answer');
      // The server settles the chunk after closing its connection.
      const view = await until(async () => {
        const view = await sessionView(origin, sessionUri);
        return view.requests.length === 2 && view;
      }, 'the server logs the dropped chunk');
      expect(view.committed).toBe(QUANTUM);
      expect(view.requests.at(-1)).toMatchObject({ kind: 'chunk', dropped: true });
    });
  });

  it('close a media upload whose body stops arriving, keeping nothing of it', async () => {
    await withServer({ bodyStallTimeoutMs: 300 }, async (origin, dir) => {
      expect(await stalledRequest(`${origin}/upload/x?uploadType=media`, 'POST', {}, 1000, Buffer.alloc(10))).toBe('closed without an answer');
      await until(() => readdirSync(dir).length === 0, 'the stalled media upload leaves no file');
    });
  });

  it('never cut an answer that takes longer than bodyStallTimeoutMs to a request without a body (a status query)', async () => {
    await withServer({ bodyStallTimeoutMs: 200, testing: createTestingLayer() }, async (origin) => {
      const sessionUri = await startSession(origin, { size: 10 });
      await injectFaults(origin, sessionUri, [{ kind: 'delay', ms: 800, match: 'query' }]);
      expect((await queryStatus(sessionUri, 10)).status).toBe(308);
    });
  });

  it.each([0, 1.5])('refuses bodyStallTimeoutMs %s with a TypeError that names it', (bodyStallTimeoutMs) => {
    expect(() => createReferenceServer({ bodyStallTimeoutMs })).toThrow(/bodyStallTimeoutMs/);
  });
});

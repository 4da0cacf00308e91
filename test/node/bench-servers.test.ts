import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServers, type BenchServers } from '../../bench/servers.ts';
import { pattern, putChunk, startSession } from './support/http-client.ts';

const QUANTUM = 262_144;
const sink = mkdtempSync(path.join(tmpdir(), 'bench-sink-'));
const running: BenchServers[] = [];
afterAll(async () => {
  await Promise.all(running.map((servers) => servers.close()));
  rmSync(sink, { recursive: true, force: true });
});

it('two bench runs on one sink keep their own uploads: one clearing does not break the other’s session', async () => {
  const [mine, other] = await Promise.all([startServers(sink, sink), startServers(sink, sink)]);
  running.push(mine, other);
  const total = 2 * QUANTUM;
  const uri = await startSession(mine.origin, { size: total, path: '/upload/bench/v1/files' });
  expect((await putChunk(uri, pattern(QUANTUM), 0, total)).status).toBe(308);
  // The other run finished an attempt and cleans up after it.
  await other.clearStored();
  const last = await putChunk(uri, pattern(QUANTUM, 2), QUANTUM, total);
  expect(last.text).not.toContain('ENOENT');
  expect(last.status).toBe(201);
});

it('behind an emulated link, session URIs point at the link, so every chunk crosses it', async () => {
  const servers = await startServers(sink, sink, { link: { mbitPerSecond: 1000, rttMs: 0 } });
  running.push(servers);
  const uri = await startSession(servers.origin, { size: QUANTUM, path: '/upload/bench/v1/files' });
  expect(new URL(uri).origin).toBe(servers.origin);
});

it('a page run without automation: its ready is held until go, then its posted figures come back', async () => {
  const servers = await startServers(sink, sink);
  running.push(servers);
  const run = servers.pageRun();
  let answered = false;
  const ready = fetch(`${servers.origin}/__bench/ready`, { method: 'POST' }).then((response) => ((answered = true), response.status));
  await run.ready;
  await new Promise((resolve) => setTimeout(resolve, 50)); // nothing more happens before go
  expect(answered).toBe(false);
  run.go();
  expect(await ready).toBe(200);
  const posted = await fetch(`${servers.origin}/__bench/result`, { method: 'POST', body: JSON.stringify({ totalMs: 12, done: 3 }) });
  expect(posted.status).toBe(200);
  expect(await run.result).toEqual({ totalMs: 12, done: 3 });
});

import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLink, startLinkProxy, type LinkProxy, type Passage } from '../../bench/link-proxy.ts';

const MB = 1e6;
const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server: Server = createServer(onConnection);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(resolve); }) });
  return (server.address() as AddressInfo).port;
}

/** The proxy, in this process: every test checks bytes, order or the link's own accounting, never a stopwatch. */
async function proxyTo(port: number, mbitPerSecond: number, rttMs: number): Promise<LinkProxy> {
  const proxy = await startLinkProxy(port, { mbitPerSecond, rttMs });
  open.push(proxy);
  return proxy;
}

/** An in-process proxy that notes every piece it delivers, as its own clock saw it. */
async function observedProxy(port: number, mbitPerSecond: number, rttMs: number) {
  const passages: Passage[] = [];
  const proxy = await startLinkProxy(port, { mbitPerSecond, rttMs }, (passage) => passages.push(passage));
  open.push(proxy);
  return { proxy, passages };
}

/**
 * The link's accounting, which holds however busy the machine: each piece occupies the link for its
 * bytes at the link's rate, no two pieces are on it at once (in the order they are delivered), and
 * none is handed on before it is through plus one way's delay. A late event loop only adds gaps.
 */
function expectLinkAccounting(passages: readonly Passage[], bytesPerMs: number, oneWayMs: number) {
  const tolerance = 1e-6;
  passages.forEach((passage, i) => {
    expect(passage.end - passage.start).toBeCloseTo(passage.bytes / bytesPerMs, 6);
    expect(passage.delivered).toBeGreaterThanOrEqual(passage.end + oneWayMs - tolerance);
    if (i > 0) expect(passage.start).toBeGreaterThanOrEqual(passages[i - 1]!.end - tolerance);
  });
}

function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', reject);
    open.push({ close: () => socket.destroy() });
  });
}

/** A sink that counts the bytes in; `done` resolves once `expected` bytes are in. */
function sink(expected: number) {
  let received = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const onConnection = (socket: Socket) =>
    socket.on('data', (data: Buffer) => {
      received += data.length;
      if (received >= expected) finish();
    });
  return { done, onConnection };
}

const bytesOf = (passages: readonly Passage[], connection?: number) =>
  passages.filter((p) => connection === undefined || p.connection === connection).reduce((sum, p) => sum + p.bytes, 0);

describe('link proxy', () => {
  it('parses --link=Mbit/s,RTT', () => {
    expect(parseLink('100,40')).toEqual({ mbitPerSecond: 100, rttMs: 40 });
    expect(() => parseLink('100')).toThrow(/Mbit\/s,RTT/);
    expect(() => parseLink('0,40')).toThrow();
  });

  it('passes bytes at the link rate: each piece holds the link for its bytes at that rate', async () => {
    const total = 4 * MB;
    const { done, onConnection } = sink(total);
    const { proxy, passages } = await observedProxy(await listen(onConnection), 32, 20); // 4,000 bytes/ms
    const socket = await connect(proxy.port);
    socket.write(randomBytes(total));
    await done;
    expect(passages.every((p) => p.direction === 'up' && p.connection === 0)).toBe(true);
    expect(bytesOf(passages)).toBe(total);
    expectLinkAccounting(passages, 4000, 10);
  });

  it('shares the rate between connections, as one uplink', async () => {
    const each = 2 * MB;
    const { done, onConnection } = sink(2 * each);
    const { proxy, passages } = await observedProxy(await listen(onConnection), 32, 20);
    const sockets = await Promise.all([connect(proxy.port), connect(proxy.port)]);
    for (const socket of sockets) socket.write(randomBytes(each));
    await done;
    expect([bytesOf(passages, 0), bytesOf(passages, 1)]).toEqual([each, each]);
    // One link for both: their pieces take turns on it, never side by side at twice the rate.
    expectLinkAccounting(passages, 4000, 10);
    // And both move together (the link's queue stops the first before it has sent all it has).
    const last = (connection: number) => passages.findLastIndex((p) => p.connection === connection);
    const first = (connection: number) => passages.findIndex((p) => p.connection === connection);
    expect(first(0)).toBeLessThan(last(1));
    expect(first(1)).toBeLessThan(last(0));
  });

  it('adds the round-trip time, and one more for the handshake of a new connection', async () => {
    const rttMs = 200;
    const { proxy, passages } = await observedProxy(await listen((socket) => socket.pipe(socket)), 100, rttMs);
    const socket = await connect(proxy.port);
    const echo = () => new Promise<void>((resolve) => {
      socket.once('data', () => resolve());
      socket.write('x');
    });
    for (let i = 0; i < 3; i++) await echo();
    // By the link's own clock: each byte goes up, arrives half a round trip after, comes back only
    // after it arrived, and arrives half a round trip after that. A busy machine only adds to it.
    expect(passages.map((p) => p.direction)).toEqual(['up', 'down', 'up', 'down', 'up', 'down']);
    expectLinkAccounting(passages.filter((p) => p.direction === 'up'), 12_500, rttMs / 2);
    expectLinkAccounting(passages.filter((p) => p.direction === 'down'), 12_500, rttMs / 2);
    for (let i = 0; i < passages.length; i += 2) expect(passages[i + 1]!.start).toBeGreaterThanOrEqual(passages[i]!.delivered);
    // The handshake: the first byte goes a round trip after the connection was accepted.
    expect(passages[0]!.start).toBeGreaterThanOrEqual(passages[0]!.accepted + rttMs - 1);
  });

  it('delivers every byte intact and in order, both ways, whatever the write sizes', async () => {
    const proxy = await proxyTo(await listen((socket) => socket.pipe(socket)), 400, 10);
    const socket = await connect(proxy.port);
    const sent = randomBytes(3 * MB);
    const received: Buffer[] = [];
    let length = 0;
    const back = new Promise<void>((resolve) =>
      socket.on('data', (data: Buffer) => {
        received.push(data);
        length += data.length;
        if (length >= sent.length) resolve();
      }),
    );
    for (let at = 0, size = 1; at < sent.length; at += size, size = (size * 7 + 13) % 100_000 + 1) {
      socket.write(sent.subarray(at, at + size));
    }
    await back;
    expect(Buffer.concat(received).equals(sent)).toBe(true);
  });

  it('carries an orderly close behind the last bytes', async () => {
    let got = 0;
    let ended!: (bytes: number) => void;
    const endedWith = new Promise<number>((resolve) => (ended = resolve));
    const proxy = await proxyTo(await listen((socket) => {
      socket.on('data', (data: Buffer) => (got += data.length));
      socket.on('end', () => ended(got));
    }), 8, 20);
    const socket = await connect(proxy.port);
    socket.end(randomBytes(200_000));
    expect(await endedWith).toBe(200_000);
  });

  it('pushes back on a fast sender: its writes back up instead of vanishing into the proxy', async () => {
    const proxy = await proxyTo(await listen((socket) => socket.resume()), 16, 20); // 2 MB/s
    const socket = await connect(proxy.port);
    socket.write(Buffer.alloc(64 * MB));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // At most about 2 MB crossed the link; the kernel's socket buffers hold some more, the rest waits.
    // (A busy machine moves fewer bytes in that second, never more: the bound holds however loaded.)
    expect(socket.writableLength).toBeGreaterThan(40 * MB);
  }, 30_000);
});

import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLink, startLinkProxy, type LinkProxy } from '../../bench/link-proxy.ts';
import { startLinkProxyProcess } from '../../bench/link-proxy-process.ts';

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

/**
 * The proxy in a process of its own, as the bench runs it, so the timing tests measure the link and
 * not this test's own event loop; `inProcess` for the tests of bytes and closes.
 */
async function proxyTo(port: number, mbitPerSecond: number, rttMs: number, inProcess = false): Promise<LinkProxy> {
  const link = { mbitPerSecond, rttMs };
  const proxy = inProcess ? await startLinkProxy(port, link) : await startLinkProxyProcess(port, link);
  open.push(proxy);
  return proxy;
}

function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', reject);
    open.push({ close: () => socket.destroy() });
  });
}

/** A sink that notes when bytes arrive; `done` resolves once `expected` bytes are in. */
function sink(expected: number) {
  const arrivals: { at: number; bytes: number }[] = [];
  let received = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const onConnection = (socket: Socket) =>
    socket.on('data', (data: Buffer) => {
      arrivals.push({ at: performance.now(), bytes: data.length });
      received += data.length;
      if (received >= expected) finish();
    });
  return { arrivals, done, onConnection };
}

/** Bytes per second between the first arrival and the last (the first arrival's bytes excluded). */
function rateOf(arrivals: readonly { at: number; bytes: number }[]): number {
  const bytes = arrivals.slice(1).reduce((sum, a) => sum + a.bytes, 0);
  return bytes / ((arrivals.at(-1)!.at - arrivals[0]!.at) / 1000);
}

describe('link proxy', () => {
  it('parses --link=Mbit/s,RTT', () => {
    expect(parseLink('100,40')).toEqual({ mbitPerSecond: 100, rttMs: 40 });
    expect(() => parseLink('100')).toThrow(/Mbit\/s,RTT/);
    expect(() => parseLink('0,40')).toThrow();
  });

  it('passes bytes at the link rate, within a few percent', async () => {
    const total = 4 * MB;
    const { arrivals, done, onConnection } = sink(total);
    const proxy = await proxyTo(await listen(onConnection), 32, 20); // 4 MB/s: about a second
    const socket = await connect(proxy.port);
    socket.write(randomBytes(total));
    await done;
    expect(rateOf(arrivals) / (4 * MB)).toBeGreaterThan(0.97);
    expect(rateOf(arrivals) / (4 * MB)).toBeLessThan(1.03);
  });

  it('shares the rate between connections, as one uplink', async () => {
    const each = 2 * MB;
    const { arrivals, done, onConnection } = sink(2 * each);
    const proxy = await proxyTo(await listen(onConnection), 32, 20);
    const sockets = await Promise.all([connect(proxy.port), connect(proxy.port)]);
    for (const socket of sockets) socket.write(randomBytes(each));
    await done;
    expect(rateOf(arrivals) / (4 * MB)).toBeGreaterThan(0.97);
    expect(rateOf(arrivals) / (4 * MB)).toBeLessThan(1.03);
  });

  it('adds the round-trip time, and one more for the handshake of a new connection', async () => {
    const rttMs = 200;
    const proxy = await proxyTo(await listen((socket) => socket.pipe(socket)), 100, rttMs);
    const connectedAt = performance.now();
    const socket = await connect(proxy.port);
    const echo = () => new Promise<number>((resolve) => {
      const sentAt = performance.now();
      socket.once('data', () => resolve(performance.now() - sentAt));
      socket.write('x');
    });
    await echo();
    // Only lower bounds: a busy machine adds its own delays on top (a bound above failed at load 15),
    // but nothing can make the proxy's delays shorter than the link it emulates.
    const first = performance.now() - connectedAt;
    expect(first).toBeGreaterThanOrEqual(2 * rttMs - 1);
    const rounds: number[] = [];
    for (let i = 0; i < 5; i++) rounds.push(await echo());
    for (const round of rounds) expect(round).toBeGreaterThanOrEqual(rttMs - 1);
  });

  it('delivers every byte intact and in order, both ways, whatever the write sizes', async () => {
    const proxy = await proxyTo(await listen((socket) => socket.pipe(socket)), 400, 10, true);
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
    let endedWith = -1;
    const proxy = await proxyTo(await listen((socket) => {
      socket.on('data', (data: Buffer) => (got += data.length));
      socket.on('end', () => (endedWith = got));
    }), 8, 20, true);
    const socket = await connect(proxy.port);
    socket.end(randomBytes(200_000));
    await expect.poll(() => endedWith, { timeout: 2000 }).toBe(200_000);
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

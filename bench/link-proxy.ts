import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** An emulated network link: the same bandwidth each way, and a round-trip time. */
export interface LinkSpec {
  /** Megabits (10⁶ bits) per second, each direction. */
  mbitPerSecond: number;
  /** Round-trip time in ms, half of it added each way. */
  rttMs: number;
}

/** Parses `--link=100,40` (Mbit/s, RTT ms). */
export function parseLink(text: string): LinkSpec {
  const [mbit, rtt, ...rest] = text.split(',').map(Number);
  if (rest.length > 0 || !(mbit! > 0) || !(rtt! >= 0)) {
    throw new Error(`link: "${text}" is not "Mbit/s,RTT ms", e.g. --link=100,40`);
  }
  return { mbitPerSecond: mbit!, rttMs: rtt! };
}

export const linkLabel = (link: LinkSpec) => `${link.mbitPerSecond} Mbit/s, RTT ${link.rttMs} ms`;

/** Pieces are at most this long, so a large read trickles out as packets would, not in one lump. */
const PIECE = 16 * 1024;
/**
 * How much the link queues before its senders must wait, in time: a router's buffer. Deep enough
 * that the link never idles while a busy event loop (2 shared cores) comes round to read more.
 */
const QUEUE_MS = 200;
/** Bytes written to a destination that has not taken them yet, before its sender must wait. */
const DESTINATION_BUFFER = 1024 * 1024;

interface Delivery {
  at: number;
  flow: Flow;
  data: Buffer | undefined; // undefined: the sender's FIN
  start: number;
}

/**
 * One piece's passage over the link, by the link's own clock (`performance.now()` ms), so a test can
 * check the link's accounting instead of timing the bytes on a machine that may be busy.
 */
export interface Passage {
  /** Which connection, numbered from 0 in the order they were accepted, and when it was accepted. */
  connection: number;
  accepted: number;
  direction: 'up' | 'down';
  bytes: number;
  /** When the piece went on the link and when its last byte was through: `bytes` at the link's rate. */
  start: number;
  end: number;
  /** When it was handed on: never before `end` plus one way's delay. */
  delivered: number;
}

/**
 * One direction of the link, shared by every connection: bytes are serialized at the link's rate
 * (a token bucket without burst, kept as the time the link is busy until) and then arrive one way's
 * delay later. Arrivals are in the order bytes entered, so nothing is ever reordered, across
 * connections too.
 */
class Direction {
  #busyUntil = 0;
  readonly #queue: Delivery[] = [];
  #head = 0;
  #timer: NodeJS.Timeout | undefined;
  /** Flows that stopped reading because the queue was full. */
  readonly waiting = new Set<Flow>();

  constructor(
    private readonly name: Passage['direction'],
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
    private readonly observe?: (passage: Passage) => void,
  ) {}

  /** Puts `data` (or the FIN) on the link for `flow`, behind everything already on it. */
  enter(flow: Flow, data: Buffer | undefined): void {
    const now = performance.now();
    const pieces = data === undefined ? [undefined] : splitPieces(data);
    for (const piece of pieces) {
      const start = Math.max(now, this.#busyUntil);
      this.#busyUntil = start + (piece?.length ?? 0) / this.bytesPerMs;
      this.#queue.push({ at: this.#busyUntil + this.delayMs, flow, data: piece, start });
    }
    this.#schedule();
  }

  /** The link stays busy for longer than its queue holds: senders wait. */
  isFull(): boolean {
    return this.#busyUntil - performance.now() > QUEUE_MS;
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#head >= this.#queue.length) return;
    const wait = this.#queue[this.#head]!.at - performance.now();
    this.#timer = setTimeout(() => this.#deliver(), Math.max(0, wait));
  }

  #deliver(): void {
    this.#timer = undefined;
    const now = performance.now();
    while (this.#head < this.#queue.length && this.#queue[this.#head]!.at <= now) {
      const { at, flow, data, start } = this.#queue[this.#head]!;
      this.#queue[this.#head++] = undefined as unknown as Delivery;
      if (data !== undefined) {
        const end = at - this.delayMs;
        const { connection, accepted } = flow;
        this.observe?.({ connection, accepted, direction: this.name, bytes: data.length, start, end, delivered: now });
      }
      flow.arrive(data);
    }
    for (const flow of this.waiting) flow.regulate();
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#head);
      this.#head = 0;
    }
    this.#schedule();
  }
}

function splitPieces(data: Buffer): Buffer[] {
  if (data.length <= PIECE) return [data];
  const pieces: Buffer[] = [];
  for (let at = 0; at < data.length; at += PIECE) pieces.push(data.subarray(at, at + PIECE));
  return pieces;
}

/**
 * The bytes of one connection in one direction. It stops reading its source while the link's queue
 * is full or the destination is not taking bytes, so a fast sender meets a slow socket (its writes
 * back up) instead of an endless buffer.
 */
class Flow {
  #open = false;
  #paused = true;

  constructor(
    readonly connection: number,
    readonly accepted: number,
    private readonly source: Socket,
    private readonly destination: Socket,
    private readonly link: Direction,
  ) {
    source.on('data', (data: Buffer) => {
      this.link.enter(this, data);
      this.regulate();
    });
    source.on('end', () => this.link.enter(this, undefined));
    source.on('close', () => this.link.waiting.delete(this));
    destination.on('drain', () => this.regulate());
  }

  /** Starts reading the source (the connection is set up). */
  open(): void {
    this.#open = true;
    this.regulate();
  }

  arrive(data: Buffer | undefined): void {
    if (this.destination.destroyed) return;
    if (data === undefined) this.destination.end();
    else this.destination.write(data);
  }

  /** Pauses or resumes reading the source; the link calls it as its queue drains. */
  regulate(): void {
    const full = !this.#open || this.link.isFull() || this.destination.writableLength > DESTINATION_BUFFER;
    if (full && this.#open) this.link.waiting.add(this);
    else this.link.waiting.delete(this);
    if (full !== this.#paused) {
      this.#paused = full;
      if (full) this.source.pause();
      else this.source.resume();
    }
  }
}

export interface LinkProxy {
  /** Where to connect instead of the target. */
  port: number;
  origin: string;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `targetPort` that behaves like a link of `link`'s bandwidth
 * and round-trip time, shared by all its connections. A new connection waits one round trip before
 * its first byte goes, as a TCP handshake would (no TLS). TCP's own congestion control (slow start,
 * its restart after idle) is not emulated. `observe` hears of every piece delivered.
 */
export async function startLinkProxy(
  targetPort: number,
  link: LinkSpec,
  observe?: (passage: Passage) => void,
): Promise<LinkProxy> {
  const bytesPerMs = (link.mbitPerSecond * 1e6) / 8 / 1000;
  const oneWayMs = link.rttMs / 2;
  const up = new Direction('up', bytesPerMs, oneWayMs, observe);
  const down = new Direction('down', bytesPerMs, oneWayMs, observe);
  let connections = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };

  const server: Server = createServer({ allowHalfOpen: true, pauseOnConnect: true }, (client) => {
    track(client);
    client.setNoDelay(true);
    const upstream = createConnection({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true });
    track(upstream);
    upstream.setNoDelay(true);
    client.pause();
    upstream.pause();
    // A reset on either side resets the other, at once (as a real reset would be seen, give or take a delay).
    const reset = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', reset);
      socket.on('close', (hadError) => hadError && reset());
    }
    // An orderly close (FIN) travels through the link behind the last bytes, so it is not handled here.
    const connection = connections++;
    const accepted = performance.now();
    const flows = [new Flow(connection, accepted, client, upstream, up), new Flow(connection, accepted, upstream, client, down)];
    // The handshake: the client's first byte leaves one round trip after it connected.
    const opened = new Promise<void>((resolve) => upstream.once('connect', resolve));
    const handshake = new Promise<void>((resolve) => setTimeout(resolve, link.rttMs));
    void Promise.all([opened, handshake]).then(() => {
      if (client.destroyed || upstream.destroyed) return;
      for (const flow of flows) flow.open();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        up.close();
        down.close();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

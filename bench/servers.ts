import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createReferenceServer } from '../server/index.ts';
import { drainHandler } from './drain.ts';
import type { LinkSpec } from './link-proxy.ts';
import { startLinkProxyProcess } from './link-proxy-process.ts';
import { staticFiles } from './static-files.ts';
import { TUS_PATH, tusServer } from './tus.ts';
import { createTestingLayer } from '../server/testing/index.ts';

export type Service = 'reference' | 'tus' | 'drain';

/** A request as the servers saw it: when it arrived and when its answer was written, in ms from the first arrival. */
export interface ServedRequest {
  what: string;
  arrived: number;
  answered: number | undefined;
}

export interface BenchServers {
  /** The one loopback origin of the page and every endpoint: no CORS preflights for anyone. */
  origin: string;
  /** Requests each service answered since the last `resetCounts()`. */
  counts(): Record<Service, number>;
  resetCounts(): void;
  /** The requests to the services since the last `resetCounts()`. */
  served(): ServedRequest[];
  /** Deletes what the uploads wrote, so a long bench does not fill the disk. */
  clearStored(): Promise<void>;
  /** The next page run without automation: it says it is ready, waits for `go()`, then posts its result. */
  pageRun(): PageRun;
  close(): Promise<void>;
}

/**
 * A page that runs a case by itself (no automation attached to its browser) talks to the bench
 * through two requests: `POST /__bench/ready`, answered only once the bench calls `go()` (its clocks
 * started), then `POST /__bench/result` with the figures as JSON.
 */
export interface PageRun {
  ready: Promise<void>;
  go(): void;
  result: Promise<unknown>;
}

/** The server's side of one `PageRun`: its promises' resolvers, and the ready request it holds. */
interface PendingRun {
  ready(): void;
  result(value: unknown): void;
  held?: ServerResponse;
}

/** The handshake's end on the server: answers the two requests of `PageRun`. */
function pageRunHandler() {
  let current: PendingRun | undefined;
  return {
    next(): PageRun {
      const pending = {} as PendingRun;
      const run: PageRun = {
        ready: new Promise<void>((resolve) => (pending.ready = resolve)),
        go: () => pending.held?.end(),
        result: new Promise((resolve) => (pending.result = resolve)),
      };
      current = pending;
      return run;
    },
    handle(req: IncomingMessage, res: ServerResponse, pathname: string): void {
      if (!current || (pathname !== '/__bench/ready' && pathname !== '/__bench/result')) return void res.writeHead(404).end();
      const run = current;
      if (pathname === '/__bench/ready') {
        run.held = res;
        return run.ready();
      }
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (part: string) => (body += part));
      req.on('end', () => {
        res.end();
        try {
          run.result(JSON.parse(body));
        } catch {
          run.result({ error: `The page posted figures that are not JSON: ${body.slice(0, 200)}` });
        }
      });
    },
  };
}

function serviceOf(pathname: string): Service | undefined {
  if (pathname.startsWith('/upload/') || pathname.startsWith('/__control/')) return 'reference';
  if (pathname === TUS_PATH || pathname.startsWith(`${TUS_PATH}/`)) return 'tus';
  if (pathname === '/drain') return 'drain';
  return undefined;
}

/**
 * The reference server (our protocol, for ours and upchunk), @tus/server (for tus-js-client) and the
 * drain (for raw), plus the bench page, on one origin. All three write the bytes to a folder of
 * their own in `sinkDir`, removed on close. With `link`, that origin is an emulated link's proxy in
 * front of them: the page and every request cross it.
 */
export async function startServers(
  pageDir: string,
  sinkDir: string,
  { log, link }: { log?: (line: string) => void; link?: LinkSpec | undefined } = {},
): Promise<BenchServers> {
  // Each run gets its own folder: clearStored() of another run in this checkout would otherwise delete
  // the object this one is uploading to (every later PUT of that session: 500, ENOENT).
  mkdirSync(sinkDir, { recursive: true });
  const runDir = mkdtempSync(path.join(sinkDir, 'run-'));
  const referenceDir = path.join(runDir, 'reference');
  const tusDir = path.join(runDir, 'tus');
  const drainDir = path.join(runDir, 'drain');
  for (const dir of [referenceDir, tusDir, drainDir]) mkdirSync(dir, { recursive: true });

  // Made once the origin is known (below): its session URIs must point at that origin, the link's when there is one.
  let reference: ReturnType<typeof createReferenceServer> | undefined;
  const tus = tusServer(tusDir);
  const drain = drainHandler(drainDir);
  const page = staticFiles(pageDir);
  const counts: Record<Service, number> = { reference: 0, tus: 0, drain: 0 };
  let served: { what: string; arrived: number; answered: number | undefined }[] = [];
  const pageRuns = pageRunHandler();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname.startsWith('/__bench/')) return pageRuns.handle(req, res, pathname);
    const service = serviceOf(pathname);
    if (service) {
      counts[service]++;
      const entry = { what: `${req.method} ${service}`, arrived: performance.now(), answered: undefined as number | undefined };
      served.push(entry);
      res.once('finish', () => (entry.answered = performance.now()));
    }
    req.on('error', () => {});
    if (service === 'reference') return reference!.handle(req, res);
    if (service === 'tus') return void tus.handle(req, res);
    if (service === 'drain') return void drain(req, res).catch(() => res.destroy());
    page(req, res);
  });
  // A 1 GiB body in one request must not hit Node's default 5-minute request timeout on a slow machine.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy = link && (await startLinkProxyProcess(port, link));
  const origin = proxy ? proxy.origin : `http://127.0.0.1:${port}`;
  // Hashing a finished object reads it back from disk (seconds per GiB) before the last answer;
  // neither the drain nor @tus/server does that, so here it is off.
  reference = createReferenceServer({
    dir: referenceDir,
    checksums: false,
    testing: createTestingLayer(),
    maxUploadBytes: Infinity,
    publicUrl: origin,
    ...(log ? { log } : {}),
  });

  return {
    origin,
    counts: () => ({ ...counts }),
    resetCounts: () => {
      for (const service of Object.keys(counts) as Service[]) counts[service] = 0;
      served = [];
    },
    served: () => {
      const zero = served[0]?.arrived ?? 0;
      const relative = (t: number) => Math.round((t - zero) * 10) / 10;
      return served.map(({ what, arrived, answered }) => ({ what, arrived: relative(arrived), answered: answered === undefined ? undefined : relative(answered) }));
    },
    pageRun: () => pageRuns.next(),
    clearStored: async () => {
      for (const dir of [referenceDir, tusDir, drainDir]) {
        for (const name of await readdir(dir)) await rm(path.join(dir, name), { force: true, recursive: true });
      }
    },
    close: async () => {
      await proxy?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await rm(runDir, { recursive: true, force: true });
    },
  };
}

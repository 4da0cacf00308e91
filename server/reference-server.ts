import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { BodyBudget } from './buffered-body.ts';
import { allowCrossOrigin, answerPreflight } from './cors.ts';
import { files } from './files.ts';
import { HttpError, drain, sendText } from './http-helpers.ts';
import { createUploadServer, guardBodyStall } from './http-timeouts.ts';
import { putToSession, supersedeReceiving } from './session-put.ts';
import { startSession } from './start-session.ts';
import type { ServerState } from './server-state.ts';
import { SessionRegistry } from './sessions.ts';
import { ObjectStore } from './object-store.ts';
import { parsePublicUrl } from './public-url.ts';
import { redactUrl } from './redact-url.ts';
import type { ServerHooks } from './server-hooks.ts';
import { simpleUpload } from './simple-uploads.ts';
import { PLAIN_UPLOAD, type UploadHooks } from './twist.ts';

export interface ReferenceServerOptions {
  /**
   * Where uploaded bytes go, created if missing; a path that is not a writable directory is a
   * TypeError. Default: a new temporary directory, removed when a `listen()` server closes.
   */
  dir?: string;
  /**
   * The testing layer, `createTestingLayer()` from `server/testing/`: faults from the `X-Test-Faults`
   * header of a start or a single-request upload, `/__control/faults` (for the next upload),
   * `/__control/sessions/<id>/faults`, and what the server saw of a session
   * (`GET /__control/sessions/<id>`). Anyone who can reach the server can then make it misbehave,
   * so only test rigs and the demo attach it. Without it, the header is ignored and `/__control/…`
   * answers 404. Default: none.
   */
  testing?: ServerHooks;
  /**
   * The server's address as clients reach it, e.g. `https://uploads.example.test` or
   * `https://example.test/uploads` behind a proxy that strips `/uploads`: the session URI in
   * `Location` is this plus the request's path. Default: the origin the request asked for when it is
   * on this machine (`Host: localhost:5173` on a loopback connection), else the address and port the
   * connection arrived at; any other `Host`, which the client writes, is never taken.
   */
  publicUrl?: string;
  /**
   * The largest upload in bytes: a larger `X-Upload-Content-Length`, `Content-Range` total or body
   * gets 413, and no more than this is written for one upload. `Infinity` for no limit. Default: 5 GiB.
   */
  maxUploadBytes?: number;
  /**
   * Idle sessions expire (404) after this long and are then forgotten, the bytes of an unfinished
   * one deleted. Default: 7 days, as Google's do within a week.
   */
  sessionTtlMs?: number;
  /**
   * Sessions held at once; a cancelled one (`DELETE`) frees its place and its bytes at once. At the
   * limit, expired ones are pruned, then the oldest finished one is forgotten (its object stays), else
   * the unfinished one idle longest if idle `reclaimIdleMs` (its bytes deleted); a start when all are
   * in use gets 503 with Retry-After. Default: 1000.
   */
  maxSessions?: number;
  /**
   * How long an unfinished session must sit idle before it may give its place to a new start at
   * `maxSessions`, so abandoned uploads cannot block new ones until they expire. Default: 1 hour.
   */
  reclaimIdleMs?: number;
  /** Finished objects kept; beyond them the oldest is deleted (bytes and session). Default: 1000. */
  maxObjects?: number;
  /** Larger multipart bodies get 413 (they are read into memory). Default: 64 MiB. */
  maxMultipartBytes?: number;
  /**
   * Bytes of request bodies held in memory at once, over all requests: multipart bodies, session
   * metadata, fault lists. A body that does not fit beside those in flight gets 503 with Retry-After.
   * Media uploads and chunks go to disk as they arrive and do not count. At least `maxMultipartBytes`.
   * Default: 256 MiB, or `maxMultipartBytes` if larger.
   */
  maxBufferedBytes?: number;
  /**
   * A request whose body sends nothing for this long is cut off (its connection closed), as a client
   * that stalled or holds connections open with a byte now and then. A request may take as long as
   * its body keeps arriving: no total time limit. Default: 60 s.
   */
  bodyStallTimeoutMs?: number;
  /** One line per answered request, when given; the values of secret query parameters (access_token, key, upload_id, signatures) are replaced by `REDACTED`. */
  log?: (line: string) => void;
  /**
   * Answer every request with `Connection: close`. Browsers silently resend a PUT whose reused
   * keep-alive connection broke; with fresh connections, each injected failure reaches the client.
   */
  closeConnections?: boolean;
  /**
   * Take a chunk that starts before the committed offset (and reaches past it), ignoring the bytes
   * already committed, instead of answering 400. Browsers resend a request by themselves when a
   * reused keep-alive connection breaks before the answer, and such a resend repeats bytes the
   * server kept. Default: false, strict, so that a client resending from a wrong offset shows.
   */
  acceptResentBytes?: boolean;
  /**
   * `Access-Control-Expose-Headers` of every answer. Default: Location, Range and the other headers
   * the protocol needs; less makes a misconfigured deployment, whose headers pages on other origins cannot read.
   */
  exposeHeaders?: string;
  /**
   * Hash each finished object (MD5, CRC-32C, SHA-256) for its final answer, as Cloud Storage
   * reports `md5Hash` and `crc32c`. Hashing reads the object back from disk, seconds per GiB, before
   * the last chunk is answered; `false` answers with the size only (the upload benchmark).
   * Default: true.
   */
  checksums?: boolean;
}

export interface ReferenceServer {
  /** A Connect-style handler for /upload/…, /__control/… and /__files/…; anything else goes to `next` (or 404). */
  handle(req: IncomingMessage, res: ServerResponse, next?: () => void): void;
  /** Serves on its own; resolves with the origin, e.g. http://127.0.0.1:43567. */
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  dir: string;
}

const MIB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * HOUR_MS;

const OWN_ROOTS = new Set(['upload', '__control', '__files']);

function decodeSegments(segments: string[]): string[] {
  try {
    return segments.map(decodeURIComponent);
  } catch {
    throw new HttpError(400, `Malformed path /${segments.join('/')}`);
  }
}

/**
 * `/upload/…`: a session PUT when the URL carries upload_id, else a new upload of the type asked for,
 * its hooks from `testing` (if any).
 */
async function upload(state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL, testing: ServerHooks | undefined): Promise<void> {
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId !== null) {
    const session = state.sessions.get(uploadId);
    if (!session) {
      await drain(req);
      return sendText(res, 404, 'Upload session not found or expired; start a new one');
    }
    if (req.method === 'DELETE') {
      // Cancelling a session, as Google answers it; a chunk still arriving is cut off first, so its bytes go too.
      await drain(req);
      await supersedeReceiving(session);
      state.sessions.cancel(session);
      return sendText(res, 499, 'Upload cancelled');
    }
    if (req.method !== 'PUT') return sendText(res, 405, 'Session requests use PUT', { Allow: 'PUT, DELETE' });
    return putToSession(state, req, res, session);
  }
  if (req.method !== 'POST' && req.method !== 'PUT') return sendText(res, 405, 'Uploads use POST or PUT', { Allow: 'POST, PUT' });
  const uploadType = url.searchParams.get('uploadType');
  const hooksOf = (): UploadHooks => testing?.upload(req) ?? PLAIN_UPLOAD;
  if (uploadType === 'resumable') return startSession(state, req, res, url, hooksOf());
  if (uploadType === 'media' || uploadType === 'multipart') {
    return simpleUpload(state, req, res, uploadType, hooksOf(), url.searchParams.get('name'));
  }
  await drain(req);
  sendText(res, 400, `uploadType must be media, multipart or resumable; got "${uploadType ?? ''}"`);
}

/** The `dir` option: created if missing, and a directory this process can write to, else a TypeError that says why. */
function uploadsDir(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EACCES' ? 'no permission to write there' : (error as Error).message;
    throw new TypeError(`dir "${dir}" cannot hold uploads: ${reason}`);
  }
  return dir;
}

/** A limit option: a whole number >= 1 (or Infinity where allowed), else a TypeError that names it. */
function limit(name: string, value: number | undefined, fallback: number, infinite = false): number {
  if (value === undefined) return fallback;
  if ((infinite && value === Infinity) || (Number.isSafeInteger(value) && value >= 1)) return value;
  throw new TypeError(`${name} must be a whole number >= 1${infinite ? ' or Infinity' : ''}; got ${value}`);
}

/**
 * A server that speaks Google's media-upload protocol, for tests and local development; with a
 * `testing` layer, it misbehaves on demand.
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  const maxMultipartBytes = limit('maxMultipartBytes', options.maxMultipartBytes, 64 * MIB);
  const maxBufferedBytes = limit('maxBufferedBytes', options.maxBufferedBytes, Math.max(256 * MIB, maxMultipartBytes));
  if (maxBufferedBytes < maxMultipartBytes) {
    throw new TypeError(`maxBufferedBytes must be at least maxMultipartBytes (${maxMultipartBytes}), or no multipart body of that size could ever be taken; got ${maxBufferedBytes}`);
  }
  const bodyStallTimeoutMs = limit('bodyStallTimeoutMs', options.bodyStallTimeoutMs, 60_000);
  const ownDir = options.dir === undefined;
  const dir = options.dir === undefined ? mkdtempSync(path.join(tmpdir(), 'resumable-upload-')) : uploadsDir(options.dir);
  const state: ServerState = {
    dir,
    sessions: new SessionRegistry({
      ttlMs: limit('sessionTtlMs', options.sessionTtlMs, WEEK_MS),
      maxSessions: limit('maxSessions', options.maxSessions, 1000),
      reclaimIdleMs: limit('reclaimIdleMs', options.reclaimIdleMs, HOUR_MS),
      // A finished session's bytes are its object's, kept with the objects. Synchronous (an unlink),
      // so the bytes are gone by the time the 404 is answered.
      onPrune: (session) => session.complete || rmSync(path.join(dir, session.uploadId), { force: true }),
    }),
    objects: new ObjectStore(limit('maxObjects', options.maxObjects, 1000), (id) => state.sessions.forget(id)),
    publicUrl,
    maxUploadBytes: limit('maxUploadBytes', options.maxUploadBytes, 5 * 1024 ** 3, true),
    maxMultipartBytes,
    bodies: new BodyBudget(maxBufferedBytes),
    acceptResentBytes: options.acceptResentBytes ?? false,
    checksums: options.checksums ?? true,
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, segments: string[]): Promise<void> {
    allowCrossOrigin(res, options.exposeHeaders);
    if (options.closeConnections) res.setHeader('Connection', 'close');
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const [root, ...rest] = segments;
    if (root === 'upload') return upload(state, req, res, url, options.testing);
    if (root === '__files') return files(state, req, res, rest);
    if (root !== '__control' || !options.testing) {
      await drain(req);
      const why = root === '__control' ? ' (the test controls are off; start the server with faults on)' : '';
      return sendText(res, 404, `Not found: ${url.pathname}${why}`);
    }
    return options.testing.control(state, req, res, rest);
  }

  function logWhenDone(req: IncomingMessage, res: ServerResponse, log: (line: string) => void): void {
    const started = Date.now();
    const target = redactUrl(req.url ?? '/');
    let finished = false;
    res.once('finish', () => {
      finished = true;
      log(`${req.method} ${target} → ${res.statusCode} (${Date.now() - started} ms)`);
    });
    res.once('close', () => finished || log(`${req.method} ${target} → connection closed without an answer`));
  }

  const handle: ReferenceServer['handle'] = (req, res, next) => {
    const url = URL.parse(req.url ?? '/', 'http://localhost') ?? new URL('http://localhost/');
    const segments = url.pathname.split('/').filter(Boolean);
    if (!OWN_ROOTS.has(segments[0] ?? '')) {
      if (next) return next();
      // Standalone, a page on another origin must still be able to read that nothing is here.
      allowCrossOrigin(res, options.exposeHeaders);
      if (req.method === 'OPTIONS') return answerPreflight(req, res);
      return sendText(res, 404, `Not found: ${url.pathname}`);
    }
    // An aborted request must never surface as an unhandled 'error' event.
    req.on('error', () => {});
    res.on('error', () => {});
    guardBodyStall(req, bodyStallTimeoutMs);
    if (options.log) logWhenDone(req, res, options.log);
    Promise.resolve()
      .then(() => route(req, res, url, decodeSegments(segments)))
      .catch((error: unknown) => {
        if (res.headersSent || res.destroyed) return void res.destroy();
        const status = error instanceof HttpError ? error.status : 500;
        sendText(res, status, error instanceof Error ? error.message : String(error), error instanceof HttpError ? error.headers : {});
      });
  };

  return {
    dir,
    handle,
    listen(port = 0, host = '127.0.0.1') {
      const server = createUploadServer((req, res) => handle(req, res));
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          const origin = host.includes(':') ? `[${host}]` : host;
          resolve({
            url: `http://${origin}:${actual}`,
            close: () =>
              new Promise<void>((done) => {
                server.closeAllConnections();
                server.close(() => done());
              }).then(() => (ownDir ? rm(dir, { recursive: true, force: true }) : undefined)),
          });
        });
      });
    },
  };
}

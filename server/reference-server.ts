import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { control } from './control.ts';
import { applyCors } from './cors.ts';
import { parseFaults, type Fault } from './faults.ts';
import { drain, sendText } from './http-helpers.ts';
import { putToSession, startSession } from './resumable.ts';
import type { ServerState } from './server-state.ts';
import { SessionRegistry } from './sessions.ts';
import { simpleUpload } from './simple-uploads.ts';

export interface ReferenceServerOptions {
  /** Where uploaded bytes go. Default: a new temporary directory. */
  dir?: string;
  /** Idle sessions expire (404) after this long. Default: 7 days, as Google's do within a week. */
  sessionTtlMs?: number;
  /** Larger multipart bodies get 413. Default: 64 MiB. */
  maxMultipartBytes?: number;
  /** One line per request, when given. */
  log?: (line: string) => void;
  /**
   * Answer every request with `Connection: close`. Browsers resend a request by themselves when a
   * reused connection drops before the answer; without reuse, each dropped connection reaches the
   * client as the failure a test injected. Default: false (keep-alive, like real servers).
   */
  closeConnections?: boolean;
}

export interface ReferenceServer {
  /** A Connect-style handler: protocol and control routes; anything else goes to `next` (or 404). */
  handle(req: IncomingMessage, res: ServerResponse, next?: () => void): void;
  /** Serves on its own; resolves with the origin, e.g. http://127.0.0.1:43567. */
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  dir: string;
}

/** A server that speaks Google's media-upload protocol, with fault injection, for the demo and the tests. */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'resumable-upload-'));
  const state: ServerState = {
    dir,
    sessions: new SessionRegistry(options.sessionTtlMs ?? 7 * 24 * 60 * 60 * 1000),
    objects: new Map(),
    nextFaults: [],
    maxMultipartBytes: options.maxMultipartBytes ?? 64 * 1024 * 1024,
  };

  /** Faults for a new upload: the X-Test-Faults header's, plus any set for "the next upload". */
  function faultsFor(req: IncomingMessage): Fault[] {
    const header = req.headers['x-test-faults'];
    const faults = [...state.nextFaults, ...(header ? parseFaults(String(header)) : [])];
    state.nextFaults = [];
    return faults;
  }

  async function route(req: IncomingMessage, res: ServerResponse, next?: () => void): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ours = ['/upload/', '/__control/', '/__files/'].some((prefix) => url.pathname.startsWith(prefix));
    if (!ours && next) return next();
    if (options.closeConnections) res.setHeader('Connection', 'close');
    if (applyCors(req, res)) return;
    if (!ours) return sendText(res, 404, `Not found: ${url.pathname}`);
    if (!url.pathname.startsWith('/upload/')) return control(state, req, res, url);
    const uploadId = url.searchParams.get('upload_id');
    if (uploadId) {
      const session = state.sessions.get(uploadId);
      if (!session) {
        await drain(req);
        return sendText(res, 404, 'Upload session not found or expired');
      }
      if (req.method === 'DELETE') {
        session.expired = 404;
        return sendText(res, 499, 'Upload cancelled');
      }
      if (req.method !== 'PUT') return sendText(res, 405, 'Session requests use PUT', { Allow: 'PUT, DELETE' });
      return putToSession(state, req, res, session);
    }
    if (req.method !== 'POST' && req.method !== 'PUT') return sendText(res, 405, 'Uploads use POST or PUT', { Allow: 'POST, PUT' });
    const uploadType = url.searchParams.get('uploadType');
    if (uploadType === 'resumable') return startSession(state, req, res, url, faultsFor(req));
    if (uploadType === 'media' || uploadType === 'multipart') return simpleUpload(state, req, res, uploadType, faultsFor(req));
    await drain(req);
    sendText(res, 400, `uploadType must be media, multipart or resumable; got "${uploadType ?? ''}"`);
  }

  const handle: ReferenceServer['handle'] = (req, res, next) => {
    options.log?.(`${req.method} ${req.url}`);
    route(req, res, next).catch((error: unknown) => {
      // A bad request must never take the server down.
      if (!res.headersSent && !res.destroyed) sendText(res, (error as { status?: number }).status ?? 400, String((error as Error).message ?? error));
      else res.destroy();
    });
  };

  return {
    dir,
    handle,
    listen(port = 0, host = '127.0.0.1') {
      const server = createServer((req, res) => handle(req, res));
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          resolve({
            url: `http://${host}:${actual}`,
            close: () => new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
          });
        });
      });
    },
  };
}

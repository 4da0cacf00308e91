import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server that says exactly what a test scripted, for answers the reference server would never
 * give (a lying final answer, a redirect to another origin, a Retry-After of minutes): a test posts
 * a list of answers under a fresh id, every request under `/{id}/…` takes the next one, and the
 * test reads back what each request carried. It listens on two ports, two origins sharing one
 * state, so a script can send the browser from one origin to the other.
 *
 * - `POST /__script/{id}` with a JSON array of `ScriptedAnswer`: the answers, in order.
 * - `GET /__script/{id}`: the requests so far, as `ScriptedRequest`s.
 * - any other request to `/{id}/…`: logged, its body read, then answered with the next answer
 *   (`418` once the script is used up, a status the engine never retries).
 * Preflights are answered without using up an answer (unless it holds the preflight, which is then
 * logged); every answer allows any origin and exposes every header, as a well-configured
 * cross-origin upload server does.
 */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A body as text. */
  body?: string;
  /** A JSON body (sets `Content-Type: application/json`). */
  json?: unknown;
  /** Close the connection instead of answering. */
  drop?: boolean;
  /** Wait this long (the request already read and logged) before answering: a request still in flight. */
  delayMs?: number;
  /**
   * Never answer: `'request'` leaves the request open with its body unread (a server that accepted
   * the connection and hangs), `'preflight'` does so to its CORS preflight, so the request itself is
   * never sent; `'answer'` reads the whole body first (the bytes arrived, the answer never comes).
   * The browser's own timeouts are minutes away; only the client's watchdog ends it.
   */
  hold?: 'request' | 'preflight' | 'answer';
  /** Send the headers, then one byte of body every this many ms, never ending the body. */
  endlessBodyEveryMs?: number;
}

export interface ScriptedRequest {
  method: string;
  /** The path and query, e.g. `/{id}/upload?uploadType=resumable`. */
  url: string;
  /** The port's origin the request came to. */
  origin: string;
  headers: Record<string, string>;
  bodyBytes: number;
}

interface Script {
  answers: ScriptedAnswer[];
  requests: ScriptedRequest[];
}

// Each request on a connection of its own, so the browser never resends a request by itself.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': '*',
  Connection: 'close',
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function answer(res: ServerResponse, { status, headers = {}, body, json }: ScriptedAnswer): void {
  const text = json === undefined ? (body ?? '') : JSON.stringify(json);
  const type: Record<string, string> = json === undefined ? {} : { 'Content-Type': 'application/json; charset=UTF-8' };
  res.writeHead(status, { ...CORS, ...type, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/**
 * A chunked body that never ends, a byte at a time, until the client goes away. Typed and not to be
 * sniffed: Chromium holds back the first KiB of an untyped body to sniff it, so no byte would arrive.
 */
function endless(res: ServerResponse, { status, headers = {}, endlessBodyEveryMs }: ScriptedAnswer): void {
  res.writeHead(status, { ...CORS, 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.flushHeaders();
  const timer = setInterval(() => res.write(' '), endlessBodyEveryMs);
  res.on('close', () => clearInterval(timer));
}

export interface ScriptedServer {
  url: string;
  /** The same server on another port: another origin. */
  otherOriginUrl: string;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const scripts = new Map<string, Script>();
  const handle = async (req: IncomingMessage, res: ServerResponse, origin: string) => {
    const url = req.url ?? '/';
    const script = scripts.get(/^\/([\w-]+)\//.exec(url)?.[1] ?? '');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    const held = script?.answers[0]?.hold;
    if (held && held === (req.method === 'OPTIONS' ? 'preflight' : 'request')) {
      script.answers.shift();
      script.requests.push({ method: req.method ?? '', url, origin, headers, bodyBytes: 0 });
      return; // no answer, the body left unread: the connection stays open until the browser drops it
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      return res.end();
    }
    const control = /^\/__script\/([\w-]+)$/.exec(url);
    if (control) {
      const id = control[1]!;
      if (req.method === 'POST') {
        scripts.set(id, { answers: JSON.parse((await readBody(req)).toString('utf8')) as ScriptedAnswer[], requests: [] });
        return answer(res, { status: 204 });
      }
      return answer(res, { status: 200, json: scripts.get(id)?.requests ?? [] });
    }
    const body = await readBody(req);
    script?.requests.push({ method: req.method ?? '', url, origin, headers, bodyBytes: body.length });
    const next = script?.answers.shift();
    if (next?.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    if (next?.drop) return req.socket.destroy();
    if (next?.hold === 'answer') return; // the whole body read, the answer never sent
    if (next?.endlessBodyEveryMs) return endless(res, next);
    answer(res, next ?? { status: 418, body: script ? 'The script is used up' : 'No script for this path' });
  };
  const listen = async () => {
    let origin = '';
    const server: Server = createServer((req, res) => {
      handle(req, res, origin).catch((error: unknown) => {
        if (!res.headersSent) answer(res, { status: 500, body: String(error) });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { server, origin };
  };
  const [one, two] = [await listen(), await listen()];
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: one.origin, otherOriginUrl: two.origin, close: async () => void (await Promise.all([close(one.server), close(two.server)])) };
}

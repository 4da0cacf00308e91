import { request, type IncomingHttpHeaders } from 'node:http';
import { createHash } from 'node:crypto';
import { patternBytes } from '../../support/pattern-bytes.ts';
import type { SessionView } from '../../../server/testing/control.ts';

/** A small HTTP client for exercising the reference server from Node tests, with full control of headers. */

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Sends the body without Content-Length (chunked), or with this Content-Length whatever the body. */
  contentLength?: number | 'chunked';
}

/** One request on a fresh connection; rejects when the connection closes without an answer. */
export function send(url: string, { method = 'GET', headers = {}, body, contentLength }: Send = {}): Promise<Answer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0));
  const lengthHeader: Record<string, string> =
    contentLength === 'chunked' ? {} : { 'Content-Length': String(contentLength ?? bytes.length) };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...lengthHeader, ...headers }, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        const all = Buffer.concat(parts);
        const text = all.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, text, json: <T>() => JSON.parse(text) as T });
      });
    });
    req.on('error', reject);
    // A write before end() keeps Node from adding Content-Length itself.
    if (contentLength === 'chunked') req.write(bytes);
    req.end(contentLength === 'chunked' ? undefined : bytes);
  });
}

/** Deterministic, non-repeating-looking bytes, so a shifted or missing range changes the hash. */
export function pattern(size: number, seed = 1): Buffer {
  const bytes = patternBytes(size, seed);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

export const uploadIdOf = (sessionUri: string) => new URL(sessionUri).searchParams.get('upload_id') ?? '';

export interface StartOptions {
  size?: number;
  contentType?: string;
  metadata?: Record<string, unknown>;
  faults?: unknown[];
  method?: 'POST' | 'PUT';
  path?: string;
}

/** Starts a resumable session and returns the answer (the session URI is in `location`). */
export function start(origin: string, options: StartOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.size !== undefined) headers['X-Upload-Content-Length'] = String(options.size);
  if (options.contentType) headers['X-Upload-Content-Type'] = options.contentType;
  if (options.faults) headers['X-Test-Faults'] = JSON.stringify(options.faults);
  if (options.metadata) headers['Content-Type'] = 'application/json; charset=UTF-8';
  return send(`${origin}${options.path ?? '/upload/test/v1/files'}?uploadType=resumable`, {
    method: options.method ?? 'POST',
    headers,
    body: options.metadata ? JSON.stringify(options.metadata) : '',
  });
}

/** Starts a resumable session and returns its URI. */
export async function startSession(origin: string, options: StartOptions = {}): Promise<string> {
  const answer = await start(origin, options);
  const location = answer.headers.location;
  if (answer.status !== 200 || !location) throw new Error(`Session start answered ${answer.status}: ${answer.text}`);
  return location;
}

/** Sends `bytes` as the chunk starting at `first`. */
export function putChunk(sessionUri: string, bytes: Buffer, first: number, total: number | '*', extra: Send = {}): Promise<Answer> {
  return send(sessionUri, {
    method: 'PUT',
    body: bytes,
    ...extra,
    headers: { 'Content-Range': `bytes ${first}-${first + bytes.length - 1}/${total}`, ...extra.headers },
  });
}

/** A status query: an empty PUT with `Content-Range: bytes * /TOTAL`. */
export function queryStatus(sessionUri: string, total: number | '*'): Promise<Answer> {
  return send(sessionUri, { method: 'PUT', headers: { 'Content-Range': `bytes */${total}` } });
}

export type { SessionView };

/** What the server saw of a session. */
export async function sessionView(origin: string, sessionUri: string): Promise<SessionView> {
  return (await send(`${origin}/__control/sessions/${uploadIdOf(sessionUri)}`)).json<SessionView>();
}

/** Faults for the session's next requests. */
export async function injectFaults(origin: string, sessionUri: string, faults: unknown[]): Promise<Answer> {
  return send(`${origin}/__control/sessions/${uploadIdOf(sessionUri)}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(faults),
  });
}

/** Resolves whether the request failed without an answer (the server dropped the connection). */
export async function dropped(answer: Promise<Answer>): Promise<boolean> {
  return answer.then(
    () => false,
    () => true,
  );
}

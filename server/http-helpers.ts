import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error that becomes an answer with this status and the message as plain text. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers of the answer, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(value));
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

/** Reads and forgets a body, so the connection stays usable after an early answer. Returns its size. */
export async function drain(req: IncomingMessage): Promise<number> {
  let size = 0;
  try {
    for await (const part of req as AsyncIterable<Buffer>) size += part.length;
  } catch {
    // The client went away; there is nobody to answer.
  }
  return size;
}

/** Closes the connection without an answer: what a crashed proxy or a dropped link looks like. */
export function dropConnection(req: IncomingMessage, res: ServerResponse): void {
  // A request stream that was left early may have let go of its socket already; the response still holds it.
  (res.socket ?? req.socket)?.destroy();
  res.destroy();
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A request header as one string (repeated headers joined, as HTTP allows). */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(value));
}

/** Reads a whole (small) body; rejects above `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > limit) throw Object.assign(new Error(`Body larger than ${limit} bytes`), { status: 413 });
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** Reads and forgets a body, so the connection stays usable after an early answer. */
export async function drain(req: IncomingMessage): Promise<number> {
  let size = 0;
  try {
    for await (const part of req as AsyncIterable<Buffer>) size += part.length;
  } catch {
    // The client went away; nothing to answer.
  }
  return size;
}

/** Closes the connection without an answer: what a crashed proxy or a dropped link looks like. */
export function dropConnection(res: ServerResponse): void {
  res.socket?.destroy();
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import type { IncomingMessage, ServerResponse } from 'node:http';

// Without these, a page on another origin cannot read the session URI or the committed Range.
const EXPOSED = 'Location, Range, X-Upload-Content-Type, X-Upload-Content-Length, Retry-After';

/** Adds CORS headers to every answer; answers preflights. Returns true when the request was a preflight. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}

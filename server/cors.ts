import type { IncomingMessage, ServerResponse } from 'node:http';

// Without these, a page on another origin cannot read the session URI or the committed Range.
const EXPOSED = 'Location, Range, X-Upload-Content-Type, X-Upload-Content-Length, Retry-After';

/** Adds the CORS headers every answer carries. */
export function allowCrossOrigin(res: ServerResponse, exposed = EXPOSED): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', exposed);
}

/** Answers a preflight: any method the routes use, and whichever headers the page wants to send. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
    'Access-Control-Max-Age': '600',
  });
  res.end();
}

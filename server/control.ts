import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { parseFaults } from './faults.ts';
import { readBody, sendJson, sendText } from './http-helpers.ts';
import type { ServerState } from './server-state.ts';

/**
 * Test and demo controls: `/__control/sessions/<id>` (what the server saw), `/__control/sessions/<id>/faults`,
 * `/__control/faults` (for the next upload), and `/__files/<id>` (+ `/info`) to read stored bytes back.
 */
export async function control(state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [area, first, second, third] = parts;

  if (area === '__files' && first && req.method === 'GET') {
    const object = state.objects.get(first);
    if (!object) return sendText(res, 404, `No stored object ${first}`);
    if (second === 'info') return sendJson(res, 200, object.info);
    res.writeHead(200, { 'Content-Type': object.info.contentType, 'Content-Length': object.info.size });
    createReadStream(object.path).pipe(res);
    return;
  }
  if (area === '__control' && first === 'faults') {
    if (req.method === 'DELETE') {
      state.nextFaults = [];
      return sendText(res, 204, '');
    }
    if (req.method === 'POST') {
      state.nextFaults = parseFaults((await readBody(req, 64 * 1024)).toString('utf8'));
      res.writeHead(204).end();
      return;
    }
  }
  if (area === '__control' && first === 'sessions' && second) {
    const session = state.sessions.get(second);
    if (!session) return sendText(res, 404, `No session ${second}`);
    if (!third && req.method === 'GET') return sendJson(res, 200, state.sessions.describe(session));
    if (third === 'faults' && req.method === 'POST') {
      session.faults.add(parseFaults((await readBody(req, 64 * 1024)).toString('utf8')));
      res.writeHead(204).end();
      return;
    }
  }
  sendText(res, 404, `No control route ${req.method} ${url.pathname}`);
}

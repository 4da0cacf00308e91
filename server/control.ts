import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseFaults } from './faults.ts';
import { readBody } from './buffered-body.ts';
import { HttpError, sendEmpty, sendJson, sendText } from './http-helpers.ts';
import type { ServerState } from './server-state.ts';
import { describeSession } from './sessions.ts';

const MAX_FAULTS_BYTES = 64 * 1024;

async function faultsFrom(state: ServerState, req: IncomingMessage) {
  try {
    return await readBody(req, { limit: MAX_FAULTS_BYTES, budget: state.bodies }, (body) => parseFaults(body.toString('utf8')));
  } catch (error) {
    throw error instanceof HttpError ? error : new HttpError(400, (error as Error).message);
  }
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  sendText(res, 405, `Use ${allow} here`, { Allow: allow });
}

/**
 * What a download of stored bytes is served with: whatever the uploader declared, it is a file to save,
 * never a page of this origin (an uploaded `text/html` or SVG would otherwise run script here, where
 * the demo's IndexedDB holds session URIs). The declared type stays, so the bytes read back as sent.
 */
const DOWNLOAD_HEADERS = {
  'Content-Disposition': 'attachment',
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

// A media type as HTTP writes it (type/subtype, then parameters); anything else, which Node would refuse as a header, is served as bytes.
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x7e]*)?$/;

/** `GET /__files/<id>`: the stored bytes; `GET /__files/<id>/info`: the final JSON of that upload. */
async function files(state: ServerState, req: IncomingMessage, res: ServerResponse, [id, info, extra]: string[]): Promise<void> {
  const object = id ? state.objects.get(id) : undefined;
  if (!object || (info !== undefined && info !== 'info') || extra !== undefined) return sendText(res, 404, `No stored object at ${req.url}`);
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
  if (info) return sendJson(res, 200, object.info);
  const { contentType } = object.info;
  res.writeHead(200, { ...DOWNLOAD_HEADERS, 'Content-Type': MEDIA_TYPE.test(contentType) ? contentType : 'application/octet-stream', 'Content-Length': object.info.size });
  if (req.method === 'HEAD') return void res.end();
  await pipeline(createReadStream(object.path), res);
}

/**
 * Test and demo controls: `/__control/sessions/<id>` (what the server saw), `/__control/sessions/<id>/faults`
 * (faults for that session's next requests), `/__control/faults` (for the next upload started),
 * `/__control/objects?name=<name>` (the objects kept under that name: how many copies an upload made).
 */
async function controls(state: ServerState, req: IncomingMessage, res: ServerResponse, [area, id, sub, extra]: string[]): Promise<void> {
  if (area === 'objects' && id === undefined) {
    if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
    const name = new URL(req.url ?? '', 'http://server').searchParams.get('name');
    return sendJson(res, 200, [...state.objects.values()].map(({ info }) => info).filter((info) => name === null || info.name === name));
  }
  if (area === 'faults' && id === undefined) {
    if (req.method === 'DELETE') {
      state.nextFaults = [];
      return sendEmpty(res, 204);
    }
    if (req.method !== 'POST') return methodNotAllowed(res, 'POST, DELETE');
    state.nextFaults = await faultsFrom(state, req);
    return sendEmpty(res, 204);
  }
  if (area === 'sessions' && id !== undefined && extra === undefined) {
    const session = state.sessions.inspect(id);
    if (!session) return sendText(res, 404, `No session ${id}`);
    if (sub === undefined) {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      return sendJson(res, 200, describeSession(session));
    }
    if (sub === 'faults') {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      session.faults.add(await faultsFrom(state, req));
      return sendEmpty(res, 204);
    }
  }
  sendText(res, 404, `No control route ${req.method} ${req.url}`);
}

/** Routes `/__files/…` and `/__control/…`; `segments` are the decoded path segments. */
export function control(state: ServerState, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
  const [root, ...rest] = segments;
  return root === '__files' ? files(state, req, res, rest) : controls(state, req, res, rest);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { sendJson, sendText } from './http-helpers.ts';
import type { ServerState } from './server-state.ts';

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

/** `GET /__files/<id>`: the stored bytes; `GET /__files/<id>/info`: the final JSON of that upload. `segments` follow `__files`. */
export async function files(state: ServerState, req: IncomingMessage, res: ServerResponse, [id, info, extra]: string[]): Promise<void> {
  const object = id ? state.objects.get(id) : undefined;
  if (!object || (info !== undefined && info !== 'info') || extra !== undefined) return sendText(res, 404, `No stored object at ${req.url}`);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Use GET, HEAD here', { Allow: 'GET, HEAD' });
  if (info) return sendJson(res, 200, object.info);
  const { contentType } = object.info;
  res.writeHead(200, { ...DOWNLOAD_HEADERS, 'Content-Type': MEDIA_TYPE.test(contentType) ? contentType : 'application/octet-stream', 'Content-Length': object.info.size });
  if (req.method === 'HEAD') return void res.end();
  await pipeline(createReadStream(object.path), res);
}

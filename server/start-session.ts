import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './buffered-body.ts';
import { drain, headerOf, sendEmpty, sendText } from './http-helpers.ts';
import { conclude } from './session-answers.ts';
import { sessionBase } from './public-url.ts';
import type { ServerState } from './server-state.ts';
import { requestRecord } from './sessions.ts';
import type { UploadHooks } from './twist.ts';

const MAX_METADATA_BYTES = 1024 * 1024;

/** The metadata of a start request: an empty body, or a JSON object. Undefined (with the reason sent) when it is neither. */
function parseMetadata(body: Buffer, res: ServerResponse): Record<string, unknown> | undefined {
  if (body.length === 0) return {};
  let metadata: unknown;
  try {
    metadata = JSON.parse(body.toString('utf8'));
  } catch {
    sendText(res, 400, 'The session start body must be empty or JSON metadata');
    return undefined;
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    sendText(res, 400, 'The metadata must be a JSON object');
    return undefined;
  }
  return metadata as Record<string, unknown>;
}

/** `POST|PUT /upload/…?uploadType=resumable`: opens a session and answers its URI in `Location`. */
export async function startSession(state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL, hooks: UploadHooks): Promise<void> {
  const declared = headerOf(req, 'X-Upload-Content-Length');
  if (declared !== undefined && !/^\d+$/.test(declared.trim())) {
    await drain(req);
    return sendText(res, 400, `X-Upload-Content-Length must be a whole number of bytes; got "${declared}"`);
  }
  if (declared !== undefined && Number(declared) > state.maxUploadBytes) {
    await drain(req);
    return sendText(res, 413, `X-Upload-Content-Length ${declared.trim()} is above this server's maximum upload size, ${state.maxUploadBytes} bytes`);
  }
  const metadata = await readBody(req, { limit: MAX_METADATA_BYTES, budget: state.bodies }, (body) => parseMetadata(body, res));
  if (!metadata) return;
  // Cloud Storage takes the object's name from the query over the metadata's; Google's client sends it there.
  const name = url.searchParams.get('name');
  if (name) metadata.name = name;

  const session = state.sessions.create(
    {
      method: req.method === 'PUT' ? 'PUT' : 'POST',
      contentType: headerOf(req, 'X-Upload-Content-Type') ?? 'application/octet-stream',
      metadata,
      total: declared === undefined ? null : Number(declared),
    },
    hooks,
  );

  const twist = hooks.next('start');
  const request = requestRecord(req, 'start');
  const expired = (session.expired = twist.expire);
  if (expired) return conclude(req, res, session, request, twist, expired, () => sendText(res, expired, 'Upload session expired'));
  const { answer } = twist;
  if (answer) return conclude(req, res, session, request, twist, answer.status, () => sendText(res, answer.status, answer.body, answer.headers));
  const location = `${sessionBase(state.publicUrl, req, url.pathname)}?uploadType=resumable&upload_id=${session.uploadId}`;
  const headers: Record<string, string> = twist.omitLocation ? {} : { Location: location };
  return conclude(req, res, session, request, twist, 200, () => sendEmpty(res, 200, headers));
}

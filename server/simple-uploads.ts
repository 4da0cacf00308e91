import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { readBody } from './buffered-body.ts';
import { drain, dropConnection, headerOf, sendJson, sendText, wait } from './http-helpers.ts';
import { parseMultipart } from './multipart.ts';
import { receiveBody } from './receive-body.ts';
import { fileOf, type ServerState } from './server-state.ts';
import { describeObject } from './stored-objects.ts';
import type { UploadHooks } from './twist.ts';

/** Reads at most `limit` bytes of a body and forgets them: the start of a connection reset mid-body. */
async function readSome(req: IncomingMessage, limit: number): Promise<void> {
  let size = 0;
  try {
    for await (const part of req as AsyncIterable<Buffer>) {
      size += part.length;
      if (size >= limit) break;
    }
  } catch {
    // The client went away first.
  }
}

/**
 * `uploadType=media` (the bytes alone) and `uploadType=multipart` (metadata + bytes): one request,
 * one object, answered 200. It is twisted as a chunk, as it carries the bytes.
 * `name` is the `name` query parameter, if any.
 */
export async function simpleUpload(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  uploadType: 'media' | 'multipart',
  hooks: UploadHooks,
  name?: string | null,
): Promise<void> {
  const { answer, expire, cut, delivery } = hooks.next('chunk');
  if (answer) {
    await drain(req);
    return sendText(res, answer.status, answer.body, answer.headers);
  }
  if (expire) {
    await drain(req);
    return sendText(res, expire, 'Not found');
  }
  if (cut) {
    await readSome(req, cut.after ?? Math.floor(Number(headerOf(req, 'Content-Length') ?? 0) / 2));
    return dropConnection(req, res);
  }

  const declared = headerOf(req, 'Content-Length');
  if (declared !== undefined && Number(declared) > (uploadType === 'media' ? state.maxUploadBytes : state.maxMultipartBytes)) {
    await drain(req);
    return sendText(res, 413, `Content-Length ${declared} is above this server's maximum for a ${uploadType} upload`);
  }
  const id = randomBytes(16).toString('base64url');
  const file = fileOf(state, id);
  let contentType = headerOf(req, 'Content-Type') ?? 'application/octet-stream';
  let metadata: Record<string, unknown> = {};
  if (uploadType === 'media') {
    const received = await receiveBody(req, file, { offset: 0, writeUpTo: state.maxUploadBytes }, () => {});
    if (received.aborted) {
      await rm(file, { force: true });
      return dropConnection(req, res);
    }
    if (received.bytes > state.maxUploadBytes) {
      await rm(file, { force: true });
      return sendText(res, 413, `The body goes beyond this server's maximum upload size, ${state.maxUploadBytes} bytes; nothing of it was kept`);
    }
  } else {
    const upload = await readBody(req, { limit: state.maxMultipartBytes, budget: state.bodies, spool: `${file}.body` }, async (body) => {
      const { media, ...rest } = parseMultipart(body, contentType);
      await writeFile(file, media);
      return rest;
    });
    contentType = upload.contentType;
    metadata = upload.metadata;
  }
  // Cloud Storage takes the object's name from the query over the metadata's.
  if (name) metadata = { ...metadata, name };
  await hooks.storing(file);
  const info = await describeObject(file, id, contentType, metadata, state.checksums);
  await state.objects.set(id, { info, path: file });
  if (delivery === 'hold') return;
  if (typeof delivery === 'object') await wait(delivery.delayMs);
  if (delivery === 'lose') return dropConnection(req, res);
  sendJson(res, 200, info);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { corruptFirstByte } from './corrupt.ts';
import { FaultQueue, type Fault } from './faults.ts';
import { readBody } from './buffered-body.ts';
import { drain, dropConnection, headerOf, sendJson, sendText, wait } from './http-helpers.ts';
import { parseMultipart } from './multipart.ts';
import { receiveBody } from './receive-body.ts';
import { fileOf, type ServerState } from './server-state.ts';
import { describeObject } from './stored-objects.ts';

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
 * one object, answered 200. Faults matching a chunk apply, as this request carries the bytes.
 * `name` is the `name` query parameter, if any.
 */
export async function simpleUpload(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  uploadType: 'media' | 'multipart',
  faults: Fault[],
  name?: string | null,
): Promise<void> {
  const queue = new FaultQueue();
  queue.add(faults);
  const fault = queue.take('chunk');
  if (fault?.kind === 'status') {
    await drain(req);
    return sendText(res, fault.status, fault.body ?? `Injected ${fault.status}`, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
  }
  if (fault?.kind === 'expire') {
    await drain(req);
    return sendText(res, fault.status ?? 404, 'Not found');
  }
  if (fault?.kind === 'reset') {
    await readSome(req, fault.afterBytes ?? Math.floor(Number(headerOf(req, 'Content-Length') ?? 0) / 2));
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
    await writeFile(file, '');
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
  if (fault?.kind === 'corrupt') await corruptFirstByte(file);
  const info = await describeObject(file, id, contentType, metadata, state.checksums);
  await state.objects.set(id, { info, path: file });
  if (fault?.kind === 'hold') return;
  if (fault?.kind === 'delay') await wait(fault.ms);
  if (fault?.kind === 'lose-response') return dropConnection(req, res);
  sendJson(res, 200, info);
}

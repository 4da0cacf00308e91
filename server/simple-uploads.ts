import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FaultQueue, type Fault } from './faults.ts';
import { drain, dropConnection, readBody, sendJson, sendText, wait } from './http-helpers.ts';
import { MultipartError, parseMultipart } from './multipart.ts';
import { receiveBody } from './receive-body.ts';
import type { ServerState } from './server-state.ts';
import { describeObject } from './stored-objects.ts';
import { corruptFirstByte } from './corrupt.ts';

/** `uploadType=media` (the bytes alone) and `uploadType=multipart` (metadata + bytes): one request, one object. */
export async function simpleUpload(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  uploadType: 'media' | 'multipart',
  faults: Fault[],
): Promise<void> {
  const queue = new FaultQueue();
  queue.add(faults);
  const fault = queue.take('chunk');
  if (fault?.kind === 'status') {
    await drain(req);
    return sendText(res, fault.status, fault.body ?? `Injected ${fault.status}`, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
  }
  const id = randomBytes(12).toString('base64url');
  const file = path.join(state.dir, id);
  await writeFile(file, '');
  let contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
  let metadata: Record<string, unknown> = {};
  if (uploadType === 'media') {
    const length = Number(req.headers['content-length'] ?? 0);
    const stopAfter = fault?.kind === 'reset' ? (fault.afterBytes ?? Math.floor(length / 2)) : undefined;
    const received = await receiveBody(req, file, 0, () => {}, { stopAfter });
    if (stopAfter !== undefined || received.aborted) return dropConnection(res);
  } else {
    try {
      const upload = parseMultipart(await readBody(req, state.maxMultipartBytes), req.headers['content-type']);
      await writeFile(file, upload.media);
      contentType = upload.contentType;
      metadata = upload.metadata;
    } catch (error) {
      const status = (error as { status?: number }).status ?? (error instanceof MultipartError ? 400 : 500);
      return sendText(res, status, (error as Error).message);
    }
  }
  if (fault?.kind === 'corrupt') await corruptFirstByte(file);
  const info = await describeObject(file, id, contentType, metadata);
  state.objects.set(id, { info, path: file });
  if (fault?.kind === 'delay') await wait(fault.ms);
  if (fault?.kind === 'lose-response') return dropConnection(res);
  sendJson(res, 200, info);
}

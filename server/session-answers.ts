import type { IncomingMessage, ServerResponse } from 'node:http';
import { corruptFirstByte } from './corrupt.ts';
import type { Fault } from './faults.ts';
import { dropConnection, sendEmpty, sendJson, sendText, wait } from './http-helpers.ts';
import { fileOf, type ServerState } from './server-state.ts';
import { logRequest, type RequestRecord, type Session } from './sessions.ts';
import { describeObject } from './stored-objects.ts';

/** POST sessions create (201), PUT sessions update (200). */
export const finalStatus = (session: Session) => (session.method === 'POST' ? 201 : 200);

/** Stores what was committed as the finished object, hashed from disk. */
export async function finish(state: ServerState, session: Session): Promise<void> {
  const file = fileOf(state, session.uploadId);
  if (session.corrupt) await corruptFirstByte(file);
  const info = await describeObject(file, session.uploadId, session.contentType, session.metadata, state.checksums);
  await state.objects.set(session.uploadId, { info, path: file });
  session.complete = true;
}

/** The final 200/201 with the object's metadata. */
export function answerFinal(state: ServerState, res: ServerResponse, session: Session): void {
  const info = state.objects.get(session.uploadId)?.info;
  if (!session.cutFinal) return sendJson(res, finalStatus(session), info);
  session.cutFinal = false;
  sendText(res, finalStatus(session), JSON.stringify(info).slice(0, 10), { 'Content-Type': 'application/json; charset=utf-8' });
}

/** `308 Resume Incomplete` with the committed Range (none when nothing is committed), unless a fault says otherwise. */
export function answerIncomplete(res: ServerResponse, session: Session, fault: Fault | undefined): void {
  if (fault?.kind === 'range') return sendEmpty(res, 308, { Range: fault.value });
  if (fault?.kind === 'omit-range' || session.committed === 0) return sendEmpty(res, 308);
  sendEmpty(res, 308, { Range: `bytes=0-${session.committed - 1}` });
}

/** The 200/201 when complete, else the 308. */
export function answerProgress(state: ServerState, res: ServerResponse, session: Session, fault: Fault | undefined): void {
  if (session.complete) answerFinal(state, res, session);
  else answerIncomplete(res, session, fault);
}

/**
 * Logs the request with the status it gets, then answers: after the fault's delay, or not at all
 * when the fault loses the response (logged with the status it would have had), resets the
 * connection or holds the answer (the connection left open until the client gives up).
 */
export async function conclude(
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  request: Omit<RequestRecord, 'status'>,
  fault: Fault | undefined,
  status: number,
  answer: () => void,
): Promise<void> {
  const dropped = fault?.kind === 'lose-response' || fault?.kind === 'reset' || fault?.kind === 'hold' || res.destroyed;
  logRequest(session, { ...request, status: fault?.kind === 'reset' ? 0 : status, ...(dropped ? { dropped } : {}) });
  if (fault?.kind === 'hold') return;
  if (fault?.kind === 'delay') await wait(fault.ms);
  if (dropped) return dropConnection(req, res);
  answer();
}

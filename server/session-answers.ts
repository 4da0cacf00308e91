import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { dropConnection, sendEmpty, sendText, wait } from './http-helpers.ts';
import { fileOf, type ServerState } from './server-state.ts';
import { logRequest, type RequestRecord, type Session } from './sessions.ts';
import { describeObject } from './stored-objects.ts';
import type { Twist } from './twist.ts';

/** POST sessions create (201), PUT sessions update (200). */
export const finalStatus = (session: Session) => (session.method === 'POST' ? 201 : 200);

/** Stores what was committed as the finished object, hashed from disk. */
export async function finish(state: ServerState, session: Session): Promise<void> {
  const file = fileOf(state, session.uploadId);
  // A session's file is made by its first chunk; a file of no bytes has none.
  if (session.committed === 0) await writeFile(file, '', { flag: 'a' });
  await session.hooks.storing(file);
  const info = await describeObject(file, session.uploadId, session.contentType, session.metadata, state.checksums);
  await state.objects.set(session.uploadId, { info, path: file });
  session.complete = true;
}

/** The final 200/201 with the object's metadata. */
export function answerFinal(state: ServerState, res: ServerResponse, session: Session): void {
  const info = state.objects.get(session.uploadId)?.info;
  const json = session.hooks.finalBody(JSON.stringify(info) ?? '');
  sendText(res, finalStatus(session), json, { 'Content-Type': 'application/json; charset=utf-8' });
}

/** `308 Resume Incomplete` with the committed Range (none when nothing is committed), unless the twist names another. */
export function answerIncomplete(res: ServerResponse, session: Session, twist: Twist): void {
  const committed = session.committed === 0 ? null : `bytes=0-${session.committed - 1}`;
  const range = twist.range === undefined ? committed : twist.range;
  sendEmpty(res, 308, range === null ? {} : { Range: range });
}

/** The 200/201 when complete, else the 308. */
export function answerProgress(state: ServerState, res: ServerResponse, session: Session, twist: Twist): void {
  if (session.complete) answerFinal(state, res, session);
  else answerIncomplete(res, session, twist);
}

/**
 * Logs the request with the status it gets, then answers: after the twist's delay, or not at all
 * when its answer is lost (logged with the status it would have had), reset (logged as 0) or held
 * (the connection left open until the client gives up); also not when the client went away.
 */
export async function conclude(
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  request: Omit<RequestRecord, 'status'>,
  { delivery }: Twist,
  status: number,
  answer: () => void,
): Promise<void> {
  const dropped = delivery === 'lose' || delivery === 'reset' || delivery === 'hold' || res.destroyed;
  logRequest(session, { ...request, status: delivery === 'reset' ? 0 : status, ...(dropped ? { dropped } : {}) });
  if (delivery === 'hold') return;
  if (typeof delivery === 'object') await wait(delivery.delayMs);
  if (dropped) return dropConnection(req, res);
  answer();
}

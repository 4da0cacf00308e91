import type { IncomingMessage, ServerResponse } from 'node:http';
import { truncate } from 'node:fs/promises';
import { parseContentRange, parseRestOfObject, type ParsedContentRange } from './content-range.ts';
import { drain, dropConnection, headerOf, sendText } from './http-helpers.ts';
import { receiveBody } from './receive-body.ts';
import { answerFinal, answerProgress, conclude, finalStatus, finish } from './session-answers.ts';
import { CHUNK_QUANTUM, fileOf, type ServerState } from './server-state.ts';
import { logRequest, requestRecord, type Receiving, type Session } from './sessions.ts';
import { NO_TWIST, type Twist } from './twist.ts';

/** `toBodyEnd`: `bytes FIRST-*\/TOTAL`, the final chunk, as long as its body (`last` is a guess until it is received). */
type Chunk = Extract<ParsedContentRange, { query: false }> & { toBodyEnd?: boolean };
type Range = Extract<ParsedContentRange, { query: true }> | Chunk;

/** Without Content-Range the body is the whole file in one request (an empty one: a zero-byte file). */
function wholeFile(length: number | undefined): Range | undefined {
  if (length === undefined) return undefined;
  return length === 0 ? { query: true, total: 0 } : { query: false, first: 0, last: length - 1, total: length };
}

/**
 * `bytes FIRST-*\/TOTAL`: the rest of the object. With Content-Length it is an ordinary chunk that
 * ends the upload; streamed without one, its end is where the body ends.
 */
function restOfObject(rest: { first: number; total: number | null }, length: number | undefined, known: number | null): Range {
  const total = rest.total ?? known;
  if (length === 0) return { query: true, total: total ?? rest.first };
  if (length !== undefined) return { query: false, first: rest.first, last: rest.first + length - 1, total: total ?? rest.first + length };
  return { query: false, first: rest.first, last: total === null ? Number.MAX_SAFE_INTEGER - 1 : total - 1, total, toBodyEnd: true };
}

const roundDown = (bytes: number) => Math.floor(bytes / CHUNK_QUANTUM) * CHUNK_QUANTUM;

/**
 * A newer request of the session wins over a chunk still being received (a client that gave up on
 * it, before this server noticed): that chunk is cut off and keeps nothing, so the newer request
 * sees a settled offset.
 */
export async function supersedeReceiving(session: Session): Promise<void> {
  while (session.receiving) {
    const { req, done } = session.receiving;
    session.receiving.superseded = true;
    req.destroy();
    await done;
  }
}

/** Runs `work` as the session's one chunk being received; `supersedeReceiving` waits for it. */
async function receiving<T>(session: Session, req: IncomingMessage, work: (mark: Receiving) => Promise<T>): Promise<T> {
  const mark: Receiving = { req, done: Promise.resolve(), superseded: false };
  const done = work(mark).finally(() => {
    if (session.receiving === mark) session.receiving = undefined;
    // Idle time counts from the end of a chunk, however long it took to arrive.
    session.lastActivity = Date.now();
  });
  mark.done = done.catch(() => undefined);
  session.receiving = mark;
  return done;
}

/** Why a request cannot be taken as it is, checked before the testing layer twists it. */
function problemWith(
  state: ServerState,
  session: Session,
  range: Range,
  length: number | undefined,
): { status: number; reason: string } | undefined {
  if (range.total !== null && range.total > state.maxUploadBytes) {
    return { status: 413, reason: `Content-Range total ${range.total} is above this server's maximum upload size, ${state.maxUploadBytes} bytes` };
  }
  if (range.total !== null && session.total !== null && range.total !== session.total) {
    return { status: 400, reason: `Content-Range total ${range.total} differs from the ${session.total} bytes announced before` };
  }
  const total = range.total ?? session.total;
  if (range.query) {
    if (total !== null && total < session.committed) {
      return { status: 400, reason: `Content-Range total ${total} is less than the ${session.committed} bytes already committed` };
    }
    return undefined;
  }
  const size = range.last - range.first + 1;
  if (!range.toBodyEnd && range.last >= state.maxUploadBytes) {
    return { status: 413, reason: `Content-Range ends at byte ${range.last}, beyond this server's maximum upload size, ${state.maxUploadBytes} bytes` };
  }
  if (total !== null && range.last >= total) {
    return { status: 400, reason: `Content-Range ends at byte ${range.last}, beyond the total of ${total} bytes` };
  }
  const resent = state.acceptResentBytes && range.first < session.committed && range.last + 1 >= session.committed;
  if (range.first !== session.committed && !resent) {
    const how = range.first > session.committed ? 'that leaves a gap' : 'that overlaps committed bytes';
    return { status: 400, reason: `Content-Range starts at ${range.first}, ${how}: the session holds ${session.committed} bytes; resume from there` };
  }
  if (range.toBodyEnd) return undefined; // its size is the body's, known once it is received
  if (length === undefined) return { status: 411, reason: 'A chunk needs Content-Length' };
  if (length !== size) return { status: 400, reason: `Content-Length ${length} does not match Content-Range (${size} bytes)` };
  if (!isFinal(range, total) && size % CHUNK_QUANTUM !== 0) {
    return { status: 400, reason: `A chunk other than the last must be a multiple of ${CHUNK_QUANTUM} bytes; got ${size}` };
  }
  return undefined;
}

/** Logs the request with its status and sends `send`'s answer, as the request's twist delivers it (`conclude`). */
type Reply = (status: number, send: () => void) => Promise<void>;

const isFinal = (range: Chunk, total: number | null) => range.toBodyEnd === true || (total !== null && range.last + 1 === total);

/** `PUT {session URI}`: a chunk, the whole file, or a status query. */
export async function putToSession(state: ServerState, req: IncomingMessage, res: ServerResponse, session: Session): Promise<void> {
  session.lastActivity = Date.now();
  await supersedeReceiving(session);

  const header = headerOf(req, 'Content-Range');
  const lengthHeader = headerOf(req, 'Content-Length');
  const length = lengthHeader === undefined ? undefined : Number(lengthHeader);
  const rest = header === undefined ? undefined : parseRestOfObject(header);
  const range = header === undefined ? wholeFile(length) : rest ? restOfObject(rest, length, session.total) : parseContentRange(header);
  const kind = range ? (range.query ? 'query' : 'chunk') : length ? 'chunk' : 'query';
  const request = requestRecord(req, kind);
  let twist = NO_TWIST;
  const reply: Reply = (status, send) => conclude(req, res, session, request, twist, status, send);

  const refuse = async (status: number, reason: string, headers: Record<string, string> = {}) => {
    session.bytesReceived += await drain(req);
    return reply(status, () => sendText(res, status, reason, headers));
  };
  const refuseExpired = (status: 404 | 410) =>
    refuse(status, status === 404 ? 'Upload session not found or expired; start a new one' : 'Upload session is gone; start a new one');

  if (!range) {
    return header === undefined
      ? refuse(411, 'A session PUT needs Content-Length (and Content-Range for a chunk or a status query)')
      : refuse(400, `Malformed Content-Range "${header}"; expected "bytes FIRST-LAST/TOTAL", "bytes */TOTAL" or "bytes */*"`);
  }
  if (session.expired) return refuseExpired(session.expired);
  const problem = session.complete ? undefined : problemWith(state, session, range, length);
  if (problem) return refuse(problem.status, problem.reason);

  twist = session.hooks.next(kind);
  if (twist.expire) return refuseExpired((session.expired = twist.expire));
  if (twist.answer) return refuse(twist.answer.status, twist.answer.body, twist.answer.headers);
  if (session.complete) {
    session.bytesReceived += await drain(req);
    return reply(finalStatus(session), () => answerFinal(state, res, session));
  }
  session.total = range.total ?? session.total;
  if (!range.query) return receiveChunk(state, req, res, session, range, isFinal(range, session.total), twist, reply);

  session.bytesReceived += await drain(req);
  // All bytes are in once the total is known (a zero-byte file, or a stream that ended on a chunk boundary).
  const allIn = session.total !== null && session.committed === session.total;
  if (allIn || twist.finishEarly) await finish(state, session);
  return reply(session.complete ? finalStatus(session) : 308, () => answerProgress(state, res, session, twist));
}

async function receiveChunk(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  range: Chunk,
  final: boolean,
  twist: Twist,
  reply: Reply,
): Promise<void> {
  // Undefined for the rest of an object of unknown size: as long as the body turns out to be.
  const expected = range.toBodyEnd && range.total === null ? undefined : range.last - range.first + 1;
  const request = requestRecord(req, 'chunk');
  const file = fileOf(state, session.uploadId);
  const stopAfter = twist.cut ? Math.min(expected ?? Infinity, twist.cut.after ?? Math.floor((expected ?? 2 * CHUNK_QUANTUM) / 2)) : undefined;
  let size = expected ?? 0;

  // Nothing is written beyond the chunk's range, or beyond the largest upload for a body of unknown length.
  const writeUpTo = expected === undefined ? state.maxUploadBytes : range.first + expected;

  const outcome = await receiving(session, req, async (mark) => {
    const at = { offset: range.first, writeFrom: session.committed, writeUpTo, stopAfter };
    const received = await receiveBody(req, file, at, (bytes) => (session.bytesReceived += bytes));
    const interrupted = mark.superseded || stopAfter !== undefined || received.aborted;
    const tooLarge = expected === undefined && range.first + received.bytes > state.maxUploadBytes;
    size = expected ?? received.bytes;
    if (expected === undefined && !interrupted && !tooLarge) session.total = range.first + size;
    // How much of this chunk the server keeps; bytes it had committed before stay as they are.
    let kept: number;
    if (mark.superseded) kept = 0;
    else if (interrupted) {
      // What a server keeps of an interrupted body: whole 256 KiB blocks, or what the twist says.
      kept = Math.min(twist.cut?.keep ?? roundDown(received.bytes), received.bytes);
    } else if (received.bytes !== size || tooLarge) kept = 0;
    else kept = Math.min(twist.keepAtMost ?? size, size);
    // Never more than is on disk: bytes read past the largest upload were not written.
    kept = Math.min(kept, Math.max(0, received.writtenTo - range.first));
    session.committed = Math.max(session.committed, range.first + kept);
    // Bytes written past what is kept are cut off, so the file holds what is committed and no more.
    if (received.writtenTo > session.committed) await truncate(file, session.committed);
    const allIn = final && kept === size && !tooLarge;
    if (!interrupted && !tooLarge && (allIn || twist.finishEarly)) await finish(state, session);
    return { interrupted, tooLarge, bytes: received.bytes };
  });

  if (outcome.interrupted) {
    logRequest(session, { ...request, status: 0, dropped: true });
    return dropConnection(req, res);
  }
  if (outcome.tooLarge) {
    return reply(413, () =>
      sendText(res, 413, `The body goes beyond this server's maximum upload size, ${state.maxUploadBytes} bytes; nothing of it was kept`),
    );
  }
  if (outcome.bytes !== size) {
    return reply(400, () => sendText(res, 400, `The body had ${outcome.bytes} bytes; Content-Range announced ${size}`));
  }
  return reply(session.complete ? finalStatus(session) : 308, () => answerProgress(state, res, session, twist));
}

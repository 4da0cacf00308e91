import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { RequestKind, UploadHooks } from './twist.ts';
import { HttpError, headerOf } from './http-helpers.ts';

export interface RequestRecord {
  kind: RequestKind;
  /** The request's Content-Range header, null when it had none. */
  contentRange: string | null;
  /** The status answered; 0 when the connection was closed instead. */
  status: number;
  /** No answer was sent: the connection was closed instead (reset, lost response, superseded) or held open. */
  dropped?: boolean;
  /** The request carried an `Authorization` header (its value is not kept); absent when it did not. */
  authorized?: true;
}

/** The start of a request's log entry: its kind, its Content-Range, whether it carried credentials. */
export function requestRecord(req: IncomingMessage, kind: RequestKind): Omit<RequestRecord, 'status'> {
  const contentRange = headerOf(req, 'Content-Range') ?? null;
  return { kind, contentRange, ...(req.headers.authorization === undefined ? {} : { authorized: true as const }) };
}

/** The chunk whose body is being written right now; a newer request of the session stops it. */
export interface Receiving {
  req: IncomingMessage;
  done: Promise<unknown>;
  superseded: boolean;
}

export interface Session {
  uploadId: string;
  /** POST sessions finish with 201, PUT sessions (updates) with 200. */
  method: 'POST' | 'PUT';
  contentType: string;
  metadata: Record<string, unknown>;
  /** From X-Upload-Content-Length or the first accepted Content-Range that names it. */
  total: number | null;
  committed: number;
  complete: boolean;
  /** 404 or 410 once the session died. */
  expired: 404 | 410 | undefined;
  lastActivity: number;
  /** Body bytes received over all PUTs, kept or not: resent bytes show up here. */
  bytesReceived: number;
  requests: RequestRecord[];
  /** The testing layer's hold on it (PLAIN_UPLOAD without one). */
  hooks: UploadHooks;
  receiving: Receiving | undefined;
}

export type NewSession = Pick<Session, 'method' | 'contentType' | 'metadata' | 'total'>;

// The requests a session's log keeps (the newest), so a long upload's log stays bounded.
const MAX_LOGGED_REQUESTS = 1000;

/** Adds a request to the session's log, forgetting the oldest beyond MAX_LOGGED_REQUESTS. */
export function logRequest(session: Session, record: RequestRecord): void {
  session.requests.push(record);
  if (session.requests.length > MAX_LOGGED_REQUESTS) session.requests.shift();
}

export interface SessionLimits {
  /** Idle time after which a session expires and is forgotten. */
  ttlMs: number;
  /** Sessions held at once. */
  maxSessions: number;
  /** At `maxSessions`, an unfinished session idle this long gives its place to a new one. */
  reclaimIdleMs: number;
  /** Told each session it forgets, expired or making room (to delete the bytes of an unfinished one). */
  onPrune: (session: Session) => void;
}

/**
 * The sessions by upload_id, at most `maxSessions`; idle ones expire after `ttlMs` and are forgotten.
 * Cancelled ones are forgotten at once; the newest `maxSessions` of them stay visible to the control
 * endpoint only (`inspect`), so a test can see that a cancel reached the server.
 */
export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  readonly #cancelled = new Map<string, Session>();
  readonly #limits: SessionLimits;
  /** No session can be idle past the TTL before this time (activity only moves it later): no need to look before. */
  #pruneDue = Infinity;

  constructor(limits: SessionLimits) {
    this.#limits = limits;
  }

  /**
   * A new session. Expired sessions are pruned first (once one may have expired). At `maxSessions`, the oldest finished one is
   * forgotten (its object stays), else the unfinished one idle longest if idle `reclaimIdleMs` (an
   * abandoned upload); a 503 with Retry-After when all of them are in use.
   */
  create(init: NewSession, hooks: UploadHooks): Session {
    if (Date.now() >= this.#pruneDue) this.#prune();
    if (this.#sessions.size >= this.#limits.maxSessions) {
      const finished = this.#oldestFinished();
      const idlest = finished ? undefined : this.#idlest();
      if (finished) this.#forget(finished);
      else if (idlest && this.#idleFor(idlest) >= this.#limits.reclaimIdleMs) this.#forget(idlest);
    }
    if (this.#sessions.size >= this.#limits.maxSessions) {
      const idlest = this.#idlest();
      const wait = idlest ? this.#limits.reclaimIdleMs - this.#idleFor(idlest) : this.#limits.reclaimIdleMs;
      throw new HttpError(
        503,
        `This server holds ${this.#limits.maxSessions} unfinished upload sessions already (maxSessions), all in use; retry once one finishes or sits idle (reclaimIdleMs)`,
        { 'Retry-After': String(Math.max(1, Math.ceil(wait / 1000))) },
      );
    }
    const session: Session = {
      ...init,
      uploadId: randomBytes(16).toString('base64url'),
      committed: 0,
      complete: false,
      expired: undefined,
      lastActivity: Date.now(),
      bytesReceived: 0,
      requests: [],
      hooks,
      receiving: undefined,
    };
    this.#sessions.set(session.uploadId, session);
    this.#pruneDue = Math.min(this.#pruneDue, session.lastActivity + this.#limits.ttlMs);
    return session;
  }

  /** The session, unless it sat idle past the TTL: then it is forgotten (and answers 404 as unknown). */
  get(uploadId: string): Session | undefined {
    const session = this.#sessions.get(uploadId);
    if (session && this.#isIdle(session)) return void this.#forget(session);
    return session;
  }

  /** A session as the control endpoint shows it: a live one, or one cancelled lately. */
  inspect(uploadId: string): Session | undefined {
    return this.get(uploadId) ?? this.#cancelled.get(uploadId);
  }

  /** Forgets a session whose object was deleted. */
  forget(uploadId: string): void {
    this.#sessions.delete(uploadId);
  }

  /** Ends a session (DELETE): its place and its unfinished bytes are freed now, not when it would expire. */
  cancel(session: Session): void {
    session.expired = 404;
    this.#forget(session);
    this.#cancelled.set(session.uploadId, session);
    for (const oldest of this.#cancelled.keys()) {
      if (this.#cancelled.size <= this.#limits.maxSessions) break;
      this.#cancelled.delete(oldest);
    }
  }

  /** How long the session has sat idle; a session still receiving a chunk is not idle, however long that chunk takes. */
  #idleFor(session: Session): number {
    return session.receiving ? 0 : Date.now() - session.lastActivity;
  }

  #isIdle(session: Session): boolean {
    return this.#idleFor(session) > this.#limits.ttlMs;
  }

  /** The finished session made first (sessions are kept in the order they were made). */
  #oldestFinished(): Session | undefined {
    for (const session of this.#sessions.values()) if (session.complete) return session;
    return undefined;
  }

  /** The unfinished session idle longest. */
  #idlest(): Session | undefined {
    let idlest: Session | undefined;
    for (const session of this.#sessions.values()) {
      if (!session.complete && (!idlest || this.#idleFor(session) > this.#idleFor(idlest))) idlest = session;
    }
    return idlest;
  }

  #forget(session: Session): void {
    this.#sessions.delete(session.uploadId);
    this.#limits.onPrune(session);
  }

  #prune(): void {
    this.#pruneDue = Infinity;
    for (const session of this.#sessions.values()) {
      if (this.#isIdle(session)) this.#forget(session);
      else this.#pruneDue = Math.min(this.#pruneDue, session.lastActivity + this.#limits.ttlMs);
    }
  }
}

/** What the control endpoint shows: no file paths, no internals. */
export function describeSession(session: Session) {
  const { uploadId, committed, total, complete, expired, bytesReceived, requests } = session;
  return {
    uploadId,
    committed,
    total,
    complete,
    expired: expired !== undefined,
    bytesReceived,
    requests,
  };
}

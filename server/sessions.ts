import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { FaultQueue, type Fault, type RequestKind } from './faults.ts';

export interface RequestRecord {
  kind: RequestKind;
  /** The request's Content-Range header, null when it had none. */
  contentRange: string | null;
  /** The status answered; 0 when the connection was closed instead. */
  status: number;
  /** The connection was closed instead of answered (reset, lost response, superseded). */
  dropped?: boolean;
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
  faults: FaultQueue;
  /** A `corrupt` fault was used: the stored object gets its first byte flipped when it is finished. */
  corrupt: boolean;
  receiving: Receiving | undefined;
}

export type NewSession = Pick<Session, 'method' | 'contentType' | 'metadata' | 'total'>;

export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  readonly #ttlMs: number;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  create(init: NewSession, faults: readonly Fault[]): Session {
    const session: Session = {
      ...init,
      uploadId: randomBytes(16).toString('base64url'),
      committed: 0,
      complete: false,
      expired: undefined,
      lastActivity: Date.now(),
      bytesReceived: 0,
      requests: [],
      faults: new FaultQueue(),
      corrupt: false,
      receiving: undefined,
    };
    session.faults.add(faults);
    this.#sessions.set(session.uploadId, session);
    return session;
  }

  /** The session, marked expired (404) once it sat idle past the TTL. */
  get(uploadId: string): Session | undefined {
    const session = this.#sessions.get(uploadId);
    if (session && !session.expired && Date.now() - session.lastActivity > this.#ttlMs) session.expired = 404;
    return session;
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
    faultsApplied: session.faults.applied,
    faultsPending: session.faults.pending,
  };
}

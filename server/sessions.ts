import { randomBytes } from 'node:crypto';
import type { Fault } from './faults.ts';
import { FaultQueue, type RequestKind } from './faults.ts';

export interface RequestRecord {
  kind: RequestKind;
  contentRange: string | null;
  status: number;
  /** The connection was closed instead of answered (reset, lost response). */
  dropped?: boolean;
}

export interface Session {
  uploadId: string;
  /** POST sessions finish with 201, PUT sessions (updates) with 200. */
  method: 'POST' | 'PUT';
  contentType: string;
  metadata: Record<string, unknown>;
  /** From X-Upload-Content-Length or the first Content-Range that names it. */
  total: number | null;
  committed: number;
  complete: boolean;
  /** 404 or 410 once the session died. */
  expired: 404 | 410 | undefined;
  path: string;
  lastActivity: number;
  bytesReceived: number;
  requests: RequestRecord[];
  faults: FaultQueue;
}

export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  constructor(private readonly ttlMs: number) {}

  create(init: Pick<Session, 'method' | 'contentType' | 'metadata' | 'total' | 'path'>, faults: readonly Fault[]): Session {
    const uploadId = randomBytes(12).toString('base64url');
    const session: Session = {
      ...init,
      uploadId,
      committed: 0,
      complete: false,
      expired: undefined,
      lastActivity: Date.now(),
      bytesReceived: 0,
      requests: [],
      faults: new FaultQueue(),
    };
    session.faults.add(faults);
    this.#sessions.set(uploadId, session);
    return session;
  }

  /** The session, marked expired (404) when it sat idle past the TTL. */
  get(uploadId: string): Session | undefined {
    const session = this.#sessions.get(uploadId);
    if (session && !session.complete && !session.expired && Date.now() - session.lastActivity > this.ttlMs) {
      session.expired = 404;
    }
    return session;
  }

  /** What the tests read back: no file paths, no internals. */
  describe(session: Session) {
    const { uploadId, committed, total, complete, expired, bytesReceived, requests } = session;
    return { uploadId, committed, total, complete, expired: expired !== undefined, bytesReceived, requests, faultsApplied: session.faults.applied };
  }
}

/** What a request is to an upload: its start, a chunk (a PUT with bytes), or a status query. */
export type RequestKind = 'start' | 'chunk' | 'query';

/**
 * How one request departs from the protocol; a member left out: as the protocol says. A server
 * without a testing layer gives every request NO_TWIST.
 */
export interface Twist {
  /** Answered instead of the protocol's answer, once the request proved valid (an injected error). */
  readonly answer?: { status: number; body: string; headers: Record<string, string> };
  /** The session ends here, answered as expired with this status. */
  readonly expire?: 404 | 410;
  /**
   * The body is cut off, as by a connection reset: `after` bytes read (default: half), `keep` of
   * them kept (default: whole 256 KiB blocks), then the connection dropped.
   */
  readonly cut?: { after?: number | undefined; keep?: number | undefined };
  /** Of a chunk received whole, at most this many bytes are kept. */
  readonly keepAtMost?: number;
  /** The upload is finished with this request, whatever has arrived. */
  readonly finishEarly?: boolean;
  /** A 308's Range header: this value, or none (null), instead of the committed bytes. */
  readonly range?: string | null;
  /** The session start is answered without Location. */
  readonly omitLocation?: boolean;
  /**
   * How the answer goes out: after `delayMs`, or not at all: lost (logged with its status), reset
   * (logged as 0), or held (the connection left open).
   */
  readonly delivery?: { delayMs: number } | 'lose' | 'reset' | 'hold';
}

export const NO_TWIST: Twist = Object.freeze({});

/** The testing layer's hold on one upload (a session, or a single-request upload). */
export interface UploadHooks {
  /** The twist of the upload's next request of this kind. */
  next(kind: RequestKind): Twist;
  /** Called with the finished object's file before it is hashed and stored (to corrupt its bytes). */
  storing(file: string): Promise<void>;
  /** The body of a final 200/201 as sent (to cut it short). */
  finalBody(json: string): string;
}

/** An upload on a server without a testing layer: the protocol as written. */
export const PLAIN_UPLOAD: UploadHooks = Object.freeze({
  next: () => NO_TWIST,
  storing: async () => {},
  finalBody: (json: string) => json,
});

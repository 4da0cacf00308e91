import { RetryableFailure } from '../errors/retryable-failure.ts';

/** A request that sent no byte and received no answer (or no whole answer) for this long is given up as stalled. */
export const DEFAULT_STALL_TIMEOUT_MS = 30_000;

/** One HTTP exchange, as the protocol steps see it. Kept minimal so a transport can be swapped (tests, XHR). */
export interface HttpRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: Blob | string;
  signal: AbortSignal;
  /** Told how many bytes of a `Blob` body the browser has sent so far, where the transport can tell. */
  onSent?: (bytes: number) => void;
}

export interface HttpResponse {
  status: number;
  /** A response header by name, case-insensitively, as `Headers.get` reads it. */
  headers: Pick<Headers, 'get'>;
  /** The whole body as text ('' when empty); read before returning so the connection is free. */
  text: string;
  /** The URL that answered, after any redirect the browser followed ('' or absent when unknown). */
  url?: string;
}

/**
 * Sends a request and resolves with any HTTP status (never throws for one).
 * Rejects with `NetworkFailure` when no response arrived, or with the signal's reason when aborted.
 */
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

/** No response came back: connection refused, reset, or dropped mid-body. Retried like a `503`. */
export class NetworkFailure extends RetryableFailure {
  override name = 'NetworkFailure';
  constructor(url: string, cause: unknown) {
    super(`No response from ${url}`, undefined, undefined, undefined, { cause });
  }
}

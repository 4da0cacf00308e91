import { UploadError, isUploadError } from '../errors/upload-error.ts';
import { RetryableFailure } from '../errors/retryable-failure.ts';
import { SessionGone } from '../protocol/failures.ts';
import { exposeHeadersHint } from '../protocol/cross-origin.ts';
import { finalResult, type UploadResult } from '../protocol/final-result.ts';
import { queryStatus } from '../protocol/query-status.ts';
import { sendChunk } from '../protocol/send-chunk.ts';
import type { SessionStatus } from '../protocol/session-status.ts';
import { startSession } from '../protocol/start-session.ts';
import type { HandOff } from '../background/hand-off.ts';
import type { HttpResponse } from '../transport/http-client.ts';
import { CHUNK_QUANTUM } from '../utils/sizes.ts';
import { ChunkSizer } from './chunk-sizer.ts';
import { outcomeUnknown } from './lost-answer.ts';
import { RetryBudget } from './retry-budget.ts';
import { withRetries, type Transfer, type TransferHost } from './transfer.ts';

/** New sessions started after `404`/`410` before giving up with `'session-expired'`. */
const MAX_SESSION_RESTARTS = 3;

/**
 * `uploadType=resumable`: start a session, send chunks from wherever the server's `Range` says,
 * and after any interruption ask the session for its status before sending again.
 */
export class ResumableTransfer implements Transfer {
  readonly #budget: RetryBudget;
  readonly #sizer: ChunkSizer;
  #sessionUri: string | undefined;
  /**
   * A session given by the caller or kept from an earlier page, not yet asked where it stands: its
   * history is unknown, so its first answered status query may claim any count. From then on the
   * client knows what it sent, and the session may claim no more, as one it started itself.
   */
  #adopted: boolean;
  /** The browser took a hand-off (`background`): its one request may have sent every byte, unanswered here. */
  #handedOff = false;
  /** Where the next chunk starts: the server's committed count. */
  #offset = 0;
  /**
   * The most this session can hold: what its last Range said it holds (or held when adopted) plus the
   * chunks sent since. A session that said it kept N bytes cannot claim more than it was sent after that.
   */
  #sentUpTo = 0;
  /** The most this session ever confirmed: only bytes beyond it earn the retries back. */
  #confirmed = 0;
  #restarts = 0;
  /** The end of the chunk whose answer is awaited, if one is. */
  #inFlightEnd: number | undefined;
  /** The hand-off (the `background` option), asked at each boundary between chunks; set once it is loaded. */
  declare handOff: HandOff | undefined;
  /** Settles once the record of the session started here is written (see `#transfer`). */
  #recorded: Promise<void> = Promise.resolve();

  constructor(private readonly host: TransferHost) {
    this.#budget = new RetryBudget(host.options.retry);
    this.#sizer = new ChunkSizer(host.options.chunks);
    this.#sessionUri = host.options.sessionUri;
    this.#adopted = this.#sessionUri !== undefined;
  }

  /** The session's URI, once there is one: the one place the upload keeps it. */
  get sessionUri(): string | undefined {
    return this.#sessionUri;
  }

  /** The end of the chunk in flight (its answer not yet read), or undefined between chunks. */
  get inFlightEnd(): number | undefined {
    return this.#inFlightEnd;
  }

  /**
   * Goes on with a session kept from an earlier page, or (without one) with this session after a
   * hand-off that may have finished it: its state is asked before anything is sent.
   */
  adopt(sessionUri = this.#sessionUri): void {
    this.#sessionUri = sessionUri;
    this.#adopted = !!sessionUri;
  }

  /** The browser accepted the hand-off of the rest of the file to the adopted session. */
  handedOff(): void {
    this.#handedOff = true;
  }

  run(signal: AbortSignal): Promise<UploadResult> {
    this.#budget.reset();
    return withRetries(this.host, this.#budget, signal, () => this.#transfer(signal), (error) => this.#recover(error)).catch((error: unknown) => {
      // A session that broke the protocol is not asked again: the next run starts a new one, where the endpoint allows.
      if (isUploadError(error) && error.code === 'protocol') this.restart();
      throw error;
    });
  }

  async #transfer(signal: AbortSignal): Promise<UploadResult> {
    const { host } = this;
    const { context } = host.options;
    const total = context.file.size;
    let sessionUri = this.#sessionUri;
    if (sessionUri === undefined) {
      host.phase('starting');
      const askedAt = performance.now();
      sessionUri = await startSession(context, context.endpoint!, signal);
      this.#sizer.roundTrip(performance.now() - askedAt);
      this.#sessionUri = sessionUri;
      this.#offset = this.#sentUpTo = this.#confirmed = 0;
      this.#recorded = host.session(sessionUri);
    } else {
      // Bytes may have been in flight when we stopped: only the server knows where to go on from.
      const reachable = this.#adopted ? total : this.#sentUpTo;
      const askedAt = performance.now();
      const status = await queryStatus(context, sessionUri, reachable, signal).catch((error: unknown) => this.#goneAfterAll(error, sessionUri!, reachable));
      this.#handedOff = false;
      this.#sizer.roundTrip(performance.now() - askedAt);
      if (this.#adopted && (await host.holds?.(status.final ? total : status.committed)) === false) {
        // Another version of the file: its bytes must not be finished with this one's. A new session.
        this.restart();
        if (signal.aborted) throw signal.reason;
        return this.#transfer(signal);
      }
      if (this.#adopted && !status.final) this.#sentUpTo = status.committed;
      this.#adopted = false;
      const result = this.#settle(status, sessionUri, reachable);
      if (result) return result;
    }
    host.phase('uploading');
    for (;;) {
      const start = this.#offset;
      // A hand-off sends the rest of the file at once: like any byte past the first 256 KiB (below),
      // only once the record a reload or a closed tab resumes from is written.
      const { handOff } = this;
      if (total > CHUNK_QUANTUM && handOff?.waiting) await Promise.all([this.#recorded, host.sending?.(start, total)]);
      // The server's answer is the latest word on the session: a hand-off (`background`) may start here.
      handOff?.at(start);
      if (signal.aborted) throw signal.reason;
      const end = Math.min(start + this.#sizer.next(), total);
      // A reload resumes from the session's record, so bytes it would want to resume go only once the
      // record is written, with the checksums it compares with the file it is given then. The first
      // 256 KiB may overlap that write: a reload before it lands starts afresh and loses no more than them.
      const recorded = host.sending?.(start, end);
      recorded?.catch(() => {}); // a file that stopped answering: said by the next chunk's wait
      if (end > CHUNK_QUANTUM) await Promise.all([this.#recorded, recorded]);
      this.#sentUpTo = Math.max(this.#sentUpTo, end);
      const sentAt = performance.now();
      this.#inFlightEnd = end;
      const status = await sendChunk(context, sessionUri, start, end, signal, (bytes) => host.sent?.(start + bytes))
        .catch((error: unknown) => this.#afterRefusal(error, sessionUri, start, signal))
        .finally(() => (this.#inFlightEnd = undefined));
      this.#sizer.record(end - start, performance.now() - sentAt, total - end);
      const result = this.#settle(status, sessionUri, end);
      if (result) return result;
      if (this.#offset <= start) {
        // A 308 that keeps nothing of the chunk: retry with backoff rather than loop forever.
        const hint = !status.final && status.rangeMissing ? exposeHeadersHint(sessionUri, 'Range') : '';
        const why = hint ? ` (its 308 had no readable Range).${hint}` : '';
        throw new RetryableFailure(`The upload session answered 308 but committed none of bytes ${start}-${end - 1}${why}`, 308);
      }
    }
  }

  /**
   * A session gone (`404`/`410`) after every byte went out and the answer was lost may have finished:
   * a new session would make a second object, unless the request is `idempotent`. So may one after a
   * hand-off the browser took: its request carried the rest of the file, its answer went to the worker.
   */
  #goneAfterAll(error: unknown, sessionUri: string, reachable: number): never {
    const allSent = this.#handedOff || (!this.#adopted && reachable >= this.host.options.context.file.size);
    if (error instanceof SessionGone && allSent && !this.host.options.idempotent) {
      const by = this.#handedOff ? 'a background request may have sent' : 'the last bytes lost their answer';
      this.#adopted = true; // start() again, the app's choice, finds it gone and starts a new session
      this.#handedOff = false;
      throw outcomeUnknown(`${sessionUri} answered ${error.status} after ${by}`, error);
    }
    throw error;
  }

  /**
   * A browser resends a request by itself when a reused connection drops before the answer; a strict
   * server then refuses the duplicate with `400` although it holds the bytes. Before failing on a
   * `400`, ask the session: if it holds more than the chunk assumed, go on from there.
   */
  async #afterRefusal(error: unknown, sessionUri: string, start: number, signal: AbortSignal): Promise<SessionStatus> {
    if (!isUploadError(error) || error.status !== 400) throw error;
    const status = await queryStatus(this.host.options.context, sessionUri, this.#sentUpTo, signal);
    if (status.final || status.committed > start) return status;
    throw error;
  }

  /** Applies a session's answer: the final result, or undefined after moving the offset to its `Range`. */
  #settle(status: SessionStatus, sessionUri: string, sentUpTo: number): UploadResult | undefined {
    const total = this.host.options.context.file.size;
    if (status.final) return this.#finish(status.final, sessionUri, sentUpTo);
    if (status.committed >= total && total > 0) {
      throw new UploadError(
        'protocol',
        `The upload session ${sessionUri} holds all ${total} bytes but answered 308 instead of finishing the upload.`,
        { status: 308 },
      );
    }
    // A server can lower the offset (a 308 without Range) and confirm the same bytes again, in a
    // cycle: only bytes it never confirmed before are progress that earns the retries back.
    if (status.committed > this.#confirmed) {
      this.#confirmed = status.committed;
      this.#budget.reset();
    }
    this.#offset = status.committed;
    // What the session said it keeps bounds what it may claim later (plus what is sent after); a 308
    // without a readable Range says nothing of the kind (the header may be hidden or stripped).
    if (!status.rangeMissing) this.#sentUpTo = status.committed;
    this.host.committed(status.committed);
    return undefined;
  }

  /** `sentUpTo` is what could have reached the server; an adopted session may have been finished by anyone. */
  #finish(response: HttpResponse, sessionUri: string, sentUpTo: number): UploadResult {
    const total = this.host.options.context.file.size;
    if (sentUpTo < total) {
      throw new UploadError(
        'protocol',
        `The upload session ${sessionUri} answered ${response.status} (finished) after only ${sentUpTo} of ${total} bytes were sent: ` +
          'the stored object would be truncated, so this is not a success.',
        { status: response.status, body: response.text },
      );
    }
    const result = finalResult(response, total, sessionUri);
    this.host.committed(total);
    return result;
  }

  /** `404`/`410`: the session is gone; start a new one from byte 0 while the endpoint allows it. */
  #recover(error: unknown): boolean {
    if (!(error instanceof SessionGone)) return false;
    const { endpoint } = this.host.options.context;
    if (!endpoint || this.#restarts >= MAX_SESSION_RESTARTS) {
      throw new UploadError(
        'session-expired',
        `The upload session answered ${error.status} (${error.status === 404 ? 'expired' : 'gone'})` +
          (endpoint
            ? ` and ${MAX_SESSION_RESTARTS} new sessions did not get further. Try again later.`
            : ' and there is no `endpoint` to start a new one. Ask your backend for a new session URI.'),
        { status: error.status, cause: error },
      );
    }
    this.#restarts++;
    this.restart();
    return true;
  }

  /** Forgets the session: the next attempt starts a new one from byte 0 (where an endpoint can start one). */
  restart(): void {
    if (!this.host.options.context.endpoint) return;
    this.#sessionUri = undefined;
    this.#adopted = this.#handedOff = false;
    this.#offset = this.#sentUpTo = this.#confirmed = 0;
  }
}

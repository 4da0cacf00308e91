import {
  backgroundFetchManager,
  CHANNEL_NAME,
  jobId,
  type BackgroundFetchManagerLike,
  type BackgroundFetchRegistrationLike,
  type BackgroundMessage,
  type BackgroundOutcome,
} from './background-fetch-api.ts';
import type { BackgroundHost } from './background-host.ts';
import type { HandOff } from './hand-off.ts';
import { checkedOutcome, outcomeOf, resultOf } from './background-outcome.ts';
import type { UploadResult } from '../protocol/final-result.ts';
import { restOfFile } from '../protocol/rest-of-file.ts';
import { readWithin } from '../storage/read-within.ts';
import { shownName } from '../utils/shown-name.ts';

/** How long a page waits, after the job ended, for the service worker to say it wrote the record. */
const WORKER_GRACE_MS = 3000;

/**
 * Settles when the job ends, however it ends, and the service worker has written its outcome (it
 * says so on the channel, with the outcome; a worker without `handleBackgroundUploads` never does,
 * hence the grace time). Only then may the upload ask the session and forget the record, which the
 * worker would otherwise write back.
 */
export function jobEnded(registration: BackgroundFetchRegistrationLike, fingerprint: string): Promise<BackgroundOutcome | undefined> {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
  const told = new Promise<BackgroundOutcome | undefined>((resolve) => {
    if (channel) channel.onmessage = ({ data }: MessageEvent<BackgroundMessage>) => data?.fingerprint === fingerprint && resolve(checkedOutcome(data.outcome));
  });
  const ended = new Promise<void>((resolve) => {
    const check = () => {
      if (registration.result === '') return;
      registration.removeEventListener('progress', check);
      resolve();
    };
    registration.addEventListener('progress', check);
    check();
  });
  const grace = ended.then(() => new Promise<undefined>((resolve) => setTimeout(resolve, WORKER_GRACE_MS)));
  return Promise.race([told, grace]).finally(() => channel?.close());
}

/**
 * The browser runs the upload's request: a cancel in the page stops it too. Settles as `jobEnded`,
 * with the server's final answer when the service worker kept one: said on the channel, else
 * written in the record (when it ended after `since`), so the session is not asked again (a server
 * may forget a finished session, and its 404 would leave the upload's outcome unknown).
 */
async function taken(host: BackgroundHost, registration: BackgroundFetchRegistrationLike, since = Date.now()): Promise<UploadResult | undefined> {
  host.lifetime.addEventListener('abort', () => void registration.abort().catch(() => false), { once: true });
  const told = await jobEnded(registration, host.fingerprint);
  const outcome = told ?? (await recordedOutcome(host));
  const sessionUri = host.sessionUri();
  return outcome && outcome.at >= since && sessionUri ? resultOf(outcome, host.file.size, sessionUri) : undefined;
}

/** What the service worker wrote into the upload's record when a job ended, if anything. */
async function recordedOutcome(host: BackgroundHost): Promise<BackgroundOutcome | undefined> {
  const record = await host.options.store?.get(host.fingerprint).catch(() => undefined);
  return record ? outcomeOf(record) : undefined;
}

/**
 * The server's final answer to a job that ended while no page of the upload was open, as the
 * service worker kept it in the record: asking the session instead may get a 404 (a server that
 * forgets a finished session), and a stored session gone that way is started afresh, a second
 * object. The record is input (a store may be the page's own): nothing is sent on its word, and it
 * counts only for this file's size and a session on one of the upload's credential origins.
 */
async function finishedEarlier(host: BackgroundHost): Promise<UploadResult | undefined> {
  const record = await host.options.store?.get(host.fingerprint).catch(() => undefined);
  try {
    if (!record || record.size !== host.file.size || !host.options.context.credentialOrigins.has(new URL(record.sessionUri).origin)) return undefined;
  } catch {
    return undefined; // no URL
  }
  return resultOf(outcomeOf(record), host.file.size, record.sessionUri);
}

/**
 * The caller's headers, only if asked for: resolved ahead, since nothing can be awaited once the
 * page is closing (and before the session exists, so its origin is checked at the hand-off).
 */
async function copiedHeaders(host: BackgroundHost): Promise<Record<string, string>> {
  return host.options.background?.headers ? host.options.context.headers().catch(() => ({})) : {};
}

/**
 * The `background` option, loaded when such an upload starts. A job of an earlier page still
 * running holds the upload (no second writer); one that finished it gives its result (`finished`:
 * the upload is then done); then, each time the page is hidden (switched away from, or closing) or
 * about to unload, the rest of the file is handed to Background Fetch and the foreground stops
 * until that request ends. The `HandOff` it resolves with is what the transfer asks between chunks.
 * Without Background Fetch or an active service worker, nothing happens (undefined).
 *
 * Where the rest starts: a hidden page is still alive, so the chunk in flight goes on and the rest
 * starts where the server's answer to it says (nothing resent, no gap). A closing page cannot wait
 * for an answer, and a job cannot ask the session first (see `handOff`), so the rest starts after
 * the chunk in flight.
 *
 * On a closing tab the hand-off races the page's teardown: Chromium starts the job only after a
 * few internal hops, and loses it when the document goes first (measured here: about one close in
 * eight under load with `visibilitychange` alone, none of eight with `beforeunload`, which a tab
 * close fires first and which leaves the browser a round trip more). A lost hand-off is an
 * interrupted upload: the next visit resumes it from the server's offset.
 */
export async function watchBackground(host: BackgroundHost): Promise<{ handOff: HandOff; finished: UploadResult | undefined } | undefined> {
  const manager = await backgroundFetchManager();
  if (!manager) return;
  /** A hand-off waiting for the next boundary between chunks, when the page was hidden mid-chunk. */
  let atBoundary: ((offset: number) => void) | undefined;
  const asked: HandOff = {
    get waiting() {
      return atBoundary !== undefined;
    },
    at: (offset) => atBoundary?.(offset),
  };
  const id = jobId(host.fingerprint);
  /** Set while a job of this upload runs: hidden again, or unloading after hiding, hands nothing twice. */
  let held: Promise<UploadResult | undefined> | undefined;
  const hold = (until: Promise<UploadResult | undefined>) => {
    const current = (held = until.finally(() => {
      if (held === current) held = undefined;
    }));
    host.handOff(current);
  };
  const earlier = await manager.get(id).catch(() => undefined);
  if (earlier && earlier.result === '') {
    hold(taken(host, earlier));
    host.accepted();
  }
  // Resolved ahead: nothing can be awaited once the page is closing.
  let headers = await copiedHeaders(host);
  const onLeave = (event: Event) => {
    if (host.ended()) {
      document.removeEventListener('visibilitychange', onLeave);
      globalThis.removeEventListener('beforeunload', onLeave);
      return;
    }
    if (event.type === 'visibilitychange' && document.visibilityState === 'visible') {
      atBoundary = undefined; // back before the chunk in flight was answered: nothing to hand off
      void copiedHeaders(host).then((fresh) => (headers = fresh));
      return;
    }
    if (held) return;
    const start = (offset: number) => {
      atBoundary = undefined;
      const job = handOff(host, manager, id, headers, offset);
      if (job) hold(job);
    };
    if (event.type === 'beforeunload') start(host.restStart());
    else atBoundary = start;
  };
  document.addEventListener('visibilitychange', onLeave);
  globalThis.addEventListener('beforeunload', onLeave);
  return { handOff: asked, finished: held ? undefined : await finishedEarlier(host) };
}

/**
 * Starts the job for the rest of the file from `start`; the promise settles when it ended (or was
 * refused).
 *
 * At a boundary between chunks `start` is what the server just confirmed. On a closing page it is
 * the end of the chunk in flight: a chunk whose answer is awaited has usually reached the server
 * whole, and cancelling it does not undo that. A chunk cut in the middle leaves a gap the server
 * refuses (the worker marks the upload interrupted, the next visit asks the session where it
 * stands, as without this option). Nothing better is sound there: a status query needs an answer
 * the closing page does not live to read; a job's requests run side by side and its worker cannot
 * start another job, so the job cannot ask first; and starting from the last confirmed offset
 * repeats bytes the server may hold (all of a chunk that arrived whole), which the protocol's
 * servers refuse ("resume from the offset the server returned").
 */
function handOff(host: BackgroundHost, manager: BackgroundFetchManagerLike, id: string, headers: Record<string, string>, start: number): Promise<UploadResult | undefined> | undefined {
  const sessionUri = host.sessionUri();
  const rest = host.file.size - start;
  if (!host.running() || !sessionUri || rest <= 0 || rest > host.options.background!.maxBytes) return undefined;
  // Never to an origin that may not see them.
  if (!host.options.context.credentialOrigins.has(new URL(sessionUri).origin)) headers = {};
  const { name = '' } = host.file as Partial<File>;
  let registered: Promise<BackgroundFetchRegistrationLike>;
  try {
    const { url, ...init } = restOfFile(host.file, sessionUri, start, headers);
    registered = manager.fetch(id, new Request(url, init), { title: shownName(name), uploadTotal: rest });
  } catch {
    return undefined; // refused at once (a body the browser cannot send): the foreground goes on
  }
  // Refused later (no permission, a job already running, quota): the foreground goes on from the server's
  // offset. The browser reads the rest of the file before it answers: a read that hangs (a disk gone
  // that way) is given up as the engine's own reads are, and a job registered after all is stopped.
  return readWithin(registered, host.file, host.options.stallTimeoutMs).then(
    (registration) => {
      host.accepted();
      return taken(host, registration);
    },
    () => {
      void registered.then((late) => late.abort(), () => false);
      return undefined;
    },
  );
}

import type { ReactiveControllerHost } from 'lit';
import { interpolate } from '../i18n/interpolate.ts';
import type { Tally } from '../../queue/item/tally.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import type { UploadStrings } from '../i18n/strings.ts';
import { errorReason, rejectReason, type Wording } from '../render/describe.ts';
import { announceEnglish, type AnnounceStrings } from '../i18n/announce-strings.ts';

/** The words of a message: the element's, over the English of the live region (which loads with it). */
type Said = Wording & { t: UploadStrings & AnnounceStrings };
import { shownName } from '../../utils/shown-name.ts';

/** What happened to a file, worth saying. */
export type Happening = 'start' | 'done' | 'failed' | 'rejected' | 'retrying' | 'offline' | 'online' | 'background' | 'paused' | 'resumed' | 'cancelled';
/** An action on every file at once (the summary's buttons). */
export type AllAction = 'pauseAll' | 'resumeAll' | 'cancelAll';

export interface AnnouncerSettings {
  /** The words of the moment the message is made: a later change of language does not change what was said. */
  wording(): Wording;
  /** The list's totals of the moment. */
  tally(): Tally;
  /** Where the element's interrupted uploads come from: one element per endpoint says so. */
  endpoint(): string;
}

/** The least time between two messages: screen readers read a message, not a stream. */
const GAP_MS = 1000;
/** While a batch runs, how far it got is said at most this often (with a file finishing), else only its end. */
const PROGRESS_MS = 60_000;
/** Files said one by one in a message (rejections, and failures or other news); the rest is counted. */
const SAID_BY_NAME = 3;
/** Files that stop after an action on all of them (a running upload pauses once its request ends) are not said one by one. */
const ALL_ACTION_MS = 3000;
/** The element that says "Some uploads were interrupted" for each endpoint, so three elements on one endpoint say it once. */
const interruptedSayers = new Map<string, Announcer>();

/** The happening an action on all files makes of each file, said once for all. */
const OF_ALL: Record<AllAction, Happening> = { pauseAll: 'paused', resumeAll: 'resumed', cancelAll: 'cancelled' };

/**
 * The polite live region's words: what a person needs, not a stream. A batch (files uploading one
 * after the other, until none waits or runs) is said at its start ("Uploading 20 files", or the one
 * file's name), by its failures and other news of a file (retrying, paused), once when the network goes
 * (how many files wait for it) and once when it is back (how many go on), and at its end as
 * a summary (or the one file's outcome); how far it got at most once a minute while it runs.
 * Rejections are said by name, the rest counted. What happens within a second is one message. A
 * message is made once, in the words of its moment, and kept: rendering again (a change of
 * language) does not make the region speak again.
 */
export class Announcer {
  readonly #host: ReactiveControllerHost & Node;
  readonly #settings: AnnouncerSettings;
  /** The latest happening of each file since the last message: a start and a finish in one second say only the finish. */
  #pending = new Map<UploadItem, Happening>();
  #interrupted = false;
  #all: { action: AllAction; at: number } | undefined;
  #allSaid = true;
  /** The files of the batch under way, and when it was last said how far it got. */
  #batch: { files: Set<UploadItem>; saidAt: number } | undefined;
  /** The network went while files ran, and that was said: the next file that waits for it says nothing, the first back says so. */
  #offline = false;
  #message: readonly string[] = [];
  /** The language the message was made in: a later switch does not relabel it. */
  #messageLang = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastAt = -Infinity;

  /** Made by `LazyAnnouncer`, the host's controller, which hands over `hostDisconnected`. */
  constructor(host: ReactiveControllerHost & Node, settings: AnnouncerSettings) {
    this.#host = host;
    this.#settings = settings;
  }

  /** The current message, one paragraph per sentence. */
  get message(): readonly string[] {
    return this.#message;
  }

  get messageLang(): string {
    return this.#messageLang;
  }

  say(happening: Happening, item: UploadItem): void {
    const all = this.#all;
    // Said once for all files, not file by file.
    if (all && OF_ALL[all.action] === happening && performance.now() - all.at < ALL_ACTION_MS) return;
    // The network going and coming back is said once for all the files it holds up.
    if (happening === 'offline' || happening === 'online') {
      if (this.#offline === (happening === 'offline')) return;
      this.#offline = !this.#offline;
      // Back within the second: neither is said.
      if (happening === 'online') for (const [other, said] of this.#pending) if (said === 'offline') return void this.#pending.delete(other);
    }
    this.#pending.delete(item); // to the end: the order of the latest happenings
    this.#pending.set(item, happening);
    this.#schedule();
  }

  /** Called before an action on all files (`sum`: the totals then): said once, when there is a file it acts on. */
  sayAll(action: AllAction, sum: Tally): void {
    const acts = action === 'pauseAll' ? sum.running : action === 'resumeAll' ? sum.paused : sum.left + sum.failed;
    if (acts === 0) return;
    this.#all = { action, at: performance.now() };
    this.#allSaid = false;
    for (const [item, happening] of this.#pending) if (happening === OF_ALL[action]) this.#pending.delete(item);
    this.#schedule();
  }

  /** Interrupted uploads were listed: said once per endpoint among the elements on the page. */
  sayInterrupted(): void {
    const endpoint = this.#settings.endpoint();
    const sayer = interruptedSayers.get(endpoint);
    if (sayer && sayer !== this) {
      // One element says it: the first whose list comes (the lists load with the store's code, after
      // the first render, in any order). An earlier one on the page takes over only while that one
      // has not spoken yet (its message goes out on the next task).
      const first = this.#host.compareDocumentPosition(sayer.#host) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (!sayer.#interrupted || !first) return;
      sayer.#interrupted = false;
    }
    interruptedSayers.set(endpoint, this);
    this.#interrupted = true;
    this.#schedule();
  }

  hostDisconnected(): void {
    for (const [endpoint, sayer] of interruptedSayers) if (sayer === this) interruptedSayers.delete(endpoint);
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => this.#flush(), Math.max(0, this.#lastAt + GAP_MS - performance.now()));
  }

  #flush(): void {
    this.#timer = undefined;
    const now = performance.now();
    const words = this.#settings.wording();
    const wording: Said = { ...words, t: { ...announceEnglish, ...words.t } };
    const { t, f } = wording;
    const sum = this.#settings.tally();
    const pending = [...this.#pending];
    this.#pending = new Map();
    const lines: string[] = [];
    const plural = (message: Parameters<typeof f.plural>[0], count: number) => interpolate(f.plural(message, count), { count: f.count(count) }, false);

    const rejected = pending.filter(([, happening]) => happening === 'rejected');
    lines.push(...rejected.slice(0, SAID_BY_NAME).map(([item]) => sentence('rejected', item, wording)));
    if (rejected.length > SAID_BY_NAME) lines.push(plural(t.announceMoreRejected, rejected.length - SAID_BY_NAME));
    const acted = this.#all && !this.#allSaid;
    if (acted) lines.push(t[`announce${this.#all!.action[0]!.toUpperCase()}${this.#all!.action.slice(1)}` as 'announcePauseAll']);
    const resumed = acted && this.#all!.action === 'resumeAll';
    this.#allSaid = true;

    // A batch begins with the first file that starts (or already finished) while none ran.
    const files = pending.filter(([, happening]) => happening !== 'rejected' && happening !== 'cancelled' && happening !== 'paused');
    let batch = this.#batch;
    const begins = !batch && files.length > 0;
    if (begins || (!batch && resumed)) batch = this.#batch = { files: new Set(), saidAt: now };
    for (const [item] of files) batch!.files.add(item);
    const ends = batch !== undefined && sum.running === 0;
    const finished = files.some(([, happening]) => happening === 'done' || happening === 'failed');
    // Resumed files say so themselves.
    const first = files.find(([, happening]) => happening !== 'resumed');
    if (begins && first && !ends) {
      lines.push(sum.running <= 1 && batch!.files.size === 1 ? sentence('start', first[0], wording) : plural(t.announceBatch, sum.running));
    }
    // The network: gone (the one file by name, else how many wait for it), back (how many go on).
    const offline = pending.find(([, happening]) => happening === 'offline');
    if (offline) lines.push(sum.running > 1 ? plural(t.announceOfflineAll, sum.running) : sentence('offline', offline[0], wording));
    if (pending.some(([, happening]) => happening === 'online')) lines.push(plural(t.announceOnline, sum.running));
    // News of a file, by name: failures, retries, paused, resumed, cancelled.
    const news = pending.filter(([, happening]) => !['rejected', 'start', 'done', 'offline', 'online'].includes(happening));
    const soloEnd = ends && finished && batch!.files.size === 1;
    lines.push(...news.slice(0, SAID_BY_NAME).map(([item, happening]) => sentence(happening as Exclude<Happening, 'online'>, item, wording)));
    if (soloEnd) {
      const [item, happening] = files.find(([, happening]) => happening === 'done' || happening === 'failed')!;
      if (happening === 'done') lines.push(sentence('done', item, wording));
    } else if ((ends && finished && !acted) || news.length > SAID_BY_NAME || (batch && !ends && finished && now - batch.saidAt >= PROGRESS_MS)) {
      lines.push(summaryOf(sum, wording));
      if (batch) batch.saidAt = now;
    }
    if (ends) {
      this.#batch = undefined;
      this.#offline = false;
    }

    if (this.#interrupted) lines.push(t.announceInterrupted);
    this.#interrupted = false;
    if (lines.length === 0) return;
    this.#lastAt = now;
    this.#message = lines;
    this.#messageLang = wording.wordsLang ?? '';
    this.#host.requestUpdate();
  }
}

/** How many files are done, failed, not added and left, over the whole list. */
function summaryOf(sum: Tally, { t, f }: Said): string {
  const count = (value: number) => f.count(value);
  const values = { done: count(sum.done), failed: count(sum.failed), left: count(sum.left), rejected: count(sum.rejected) };
  return interpolate(sum.rejected > 0 ? t.announceSummaryRejected : t.announceSummary, values, false);
}

/** One file's news; the network coming back is said for all files at once, never of one. */
function sentence(happening: Exclude<Happening, 'online'>, item: UploadItem, wording: Said): string {
  const { t, f, now } = wording;
  const name = shownName(item.file.name);
  switch (happening) {
    case 'start':
      return interpolate(t.announceStart, { name }, false);
    case 'done':
      return interpolate(t.announceDone, { name }, false);
    case 'failed':
      return interpolate(t.announceFailed, { name, reason: errorReason(item.error, wording, false) }, false);
    case 'rejected':
      return interpolate(t.announceRejected, { name, reason: rejectReason(item, wording, false) }, false);
    case 'retrying':
      return interpolate(t.announceRetrying, { name, time: f.duration(Math.max(0, (item.retryAt ?? now) - now) / 1000) }, false);
    case 'offline':
      return interpolate(t.announceOffline, { name }, false);
    case 'background':
      // Its words load with the `background` part of the element, before such an upload starts.
      return interpolate(t.announceBackground ?? t.announceStart, { name }, false);
    case 'paused':
      return interpolate(t.announcePaused, { name }, false);
    case 'resumed':
      return interpolate(t.announceResumed, { name }, false);
    case 'cancelled':
      return interpolate(t.announceCancelled, { name }, false);
  }
}

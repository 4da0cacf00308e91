import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { interpolate } from '../i18n/interpolate.ts';
import type { Tally } from '../item/tally.ts';
import type { UploadItem } from '../item/upload-item.ts';
import { errorReason, rejectReason, type Wording } from '../render/describe.ts';
import { shownName } from '../../utils/shown-name.ts';

/** What happened to a file, worth saying. */
export type Happening = 'start' | 'done' | 'failed' | 'rejected' | 'retrying' | 'offline' | 'background';

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
/** Rejections said one by one in a message; the rest of a burst is a summary. */
const REJECTIONS_SAID = 3;
/** The element that says "Some uploads were interrupted" for each endpoint, so three elements on one endpoint say it once. */
const interruptedSayers = new Map<string, Announcer>();

/**
 * The polite live region's words. What happens within a second becomes one message: a single
 * file's own words, else a summary of all files (and the rejections by name), so six starts and a
 * finish in 165 ms are not seven announcements. A message is made once, in the words of its
 * moment, and kept: rendering again (a change of language) does not make the region speak again.
 */
export class Announcer implements ReactiveController {
  readonly #host: ReactiveControllerHost & Node;
  readonly #settings: AnnouncerSettings;
  /** The latest happening of each file since the last message: a start and a finish in one second say only the finish. */
  #pending = new Map<UploadItem, Happening>();
  #interrupted = false;
  #message: readonly string[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastAt = -Infinity;

  constructor(host: ReactiveControllerHost & Node, settings: AnnouncerSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  /** The current message, one paragraph per sentence. */
  get message(): readonly string[] {
    return this.#message;
  }

  say(happening: Happening, item: UploadItem): void {
    this.#pending.delete(item); // to the end: the order of the latest happenings
    this.#pending.set(item, happening);
    this.#schedule();
  }

  /** Interrupted uploads were listed: said once per endpoint among the elements on the page. */
  sayInterrupted(): void {
    const endpoint = this.#settings.endpoint();
    const sayer = interruptedSayers.get(endpoint);
    if (sayer && sayer !== this) {
      // The first element on the page says it, also when a later one's list came first (the lists
      // load with the store's code, after the first render, and their renders come in any order):
      // it takes over while the later one has not spoken yet.
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
    this.#lastAt = performance.now();
    const wording = this.#settings.wording();
    const pending = [...this.#pending];
    const rejected = pending.filter(([, happening]) => happening === 'rejected');
    const others = pending.filter(([, happening]) => happening !== 'rejected');
    const lines = rejected.slice(0, REJECTIONS_SAID).map(([item, happening]) => sentence(happening, item, wording));
    if (others.length === 1) lines.push(sentence(others[0]![1], others[0]![0], wording));
    else if (others.length > 1 || rejected.length > REJECTIONS_SAID) {
      const sum = this.#settings.tally();
      const count = (value: number) => wording.f.count(value);
      lines.push(interpolate(wording.t.announceSummary, { done: count(sum.done), failed: count(sum.failed), left: count(sum.left) }, false));
    }
    if (this.#interrupted) lines.push(wording.t.announceInterrupted);
    this.#pending = new Map();
    this.#interrupted = false;
    if (lines.length === 0) return;
    this.#message = lines;
    this.#host.requestUpdate();
  }
}

function sentence(happening: Happening, item: UploadItem, wording: Wording): string {
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
  }
}

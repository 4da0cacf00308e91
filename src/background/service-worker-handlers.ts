import { defaultSessionStore } from '../storage/idb-session-store.ts';
import type { SessionStore } from '../storage/session-store.ts';
import { shownName } from '../utils/shown-name.ts';
import {
  CHANNEL_NAME,
  fingerprintOfJob,
  type BackgroundFetchEventLike,
  type BackgroundFetchUpdateUIEventLike,
  type BackgroundMessage,
  type BackgroundOutcome,
} from './background-fetch-api.ts';

/** The options of `handleBackgroundUploads()`: the words of the browser's progress UI, the page its click opens, the store. */
export interface BackgroundUploadsOptions {
  /** Where the pages keep their session records; the default IndexedDB store unless the pages use another. */
  store?: SessionStore;
  /**
   * The browser's progress UI after the request ended. Default English: "Uploaded report.pdf".
   * `name` is the file's name as shown, without bidi controls (which could disguise its extension).
   */
  title?: (name: string, state: BackgroundOutcome['state']) => string;
  /** Opened when the person clicks the browser's progress UI. @default the worker's scope */
  clickUrl?: string;
}

interface WorkerScope {
  addEventListener(type: string, listener: (event: never) => void): void;
  registration: { scope: string };
  clients: { matchAll(options?: { type?: string }): Promise<{ url: string; focus?: () => Promise<unknown> }[]>; openWindow(url: string): Promise<unknown> };
}

const englishTitle = (name: string, state: BackgroundOutcome['state']) =>
  state === 'done' ? `Uploaded ${name}` : `Upload of ${name} interrupted; it resumes on your next visit`;

/** The server's answer to the handed-off request (there is one request per job). */
async function answerOf(event: BackgroundFetchEventLike): Promise<Response | undefined> {
  const [record] = await event.registration.matchAll();
  return record?.responseReady.catch(() => undefined);
}

async function outcomeOf(event: BackgroundFetchEventLike): Promise<BackgroundOutcome> {
  const at = Date.now();
  if (event.type === 'backgroundfetchabort') return { state: 'interrupted', reason: 'aborted', at };
  const response = await answerOf(event);
  // Only a final 200/201 ends the upload; a 308 or an error leaves it for the next visit's status query.
  if (event.type === 'backgroundfetchsuccess' && response && (response.status === 200 || response.status === 201)) {
    return { state: 'done', status: response.status, body: await response.text(), contentType: response.headers.get('Content-Type') ?? '', at };
  }
  const reason = response ? `HTTP ${response.status}` : event.registration.failureReason || 'failed';
  return { state: 'interrupted', reason, at };
}

/**
 * Listens, in your service worker, for the end of uploads that pages handed to Background Fetch
 * (the `background` option): keeps the server's final answer with the upload's record (or marks
 * it interrupted, so the next visit asks the session where it stands), tells open pages on a
 * BroadcastChannel, and names the file in the browser's progress UI.
 *
 * @example
 * // sw.js, registered by your pages (`navigator.serviceWorker.register('/sw.js', { type: 'module' })`)
 * import { handleBackgroundUploads } from 'resumable-upload/service-worker';
 * handleBackgroundUploads();
 */
export function handleBackgroundUploads(options: BackgroundUploadsOptions = {}): void {
  const scope = globalThis as unknown as WorkerScope;
  const store = options.store ?? defaultSessionStore();
  const title = options.title ?? englishTitle;

  const settle = (event: BackgroundFetchEventLike) => {
    const fingerprint = fingerprintOfJob(event.registration.id);
    if (fingerprint === undefined) return; // another library's job
    event.waitUntil(
      (async () => {
        const outcome = await outcomeOf(event);
        const record = await store.get(fingerprint).catch(() => undefined);
        if (record) await store.set({ ...record, background: outcome, updatedAt: outcome.at } as typeof record);
        const message: BackgroundMessage = { fingerprint, outcome };
        const channel = new BroadcastChannel(CHANNEL_NAME);
        channel.postMessage(message);
        channel.close();
        const ui = event as BackgroundFetchUpdateUIEventLike;
        if (record && typeof ui.updateUI === 'function') await ui.updateUI({ title: title(shownName(record.name), outcome.state) }).catch(() => {});
      })(),
    );
  };
  for (const type of ['backgroundfetchsuccess', 'backgroundfetchfail', 'backgroundfetchabort']) {
    scope.addEventListener(type, settle as (event: never) => void);
  }
  scope.addEventListener('backgroundfetchclick', ((event: BackgroundFetchEventLike) => {
    if (fingerprintOfJob(event.registration.id) === undefined) return;
    const url = options.clickUrl ?? scope.registration.scope;
    event.waitUntil(scope.clients.openWindow(url));
  }) as (event: never) => void);
}

// The parts of the Background Fetch API (Chromium only) that this folder uses; TypeScript's DOM
// library does not declare it. https://wicg.github.io/background-fetch/

export interface BackgroundFetchOptions {
  /** Shown in the browser's download/progress UI. */
  title?: string;
  uploadTotal?: number;
  downloadTotal?: number;
  icons?: { src: string; sizes?: string; type?: string }[];
}

export interface BackgroundFetchRecordLike {
  readonly request: Request;
  readonly responseReady: Promise<Response>;
}

export interface BackgroundFetchRegistrationLike extends EventTarget {
  readonly id: string;
  readonly uploadTotal: number;
  readonly uploaded: number;
  /** `''` while running. */
  readonly result: '' | 'success' | 'failure';
  readonly failureReason: string;
  abort(): Promise<boolean>;
  matchAll(): Promise<BackgroundFetchRecordLike[]>;
}

export interface BackgroundFetchManagerLike {
  fetch(id: string, requests: Request | Request[], options?: BackgroundFetchOptions): Promise<BackgroundFetchRegistrationLike>;
  get(id: string): Promise<BackgroundFetchRegistrationLike | undefined>;
  getIds(): Promise<string[]>;
}

/** Background Fetch events, as a service worker receives them. */
export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface BackgroundFetchEventLike extends ExtendableEventLike {
  readonly registration: BackgroundFetchRegistrationLike;
}
export interface BackgroundFetchUpdateUIEventLike extends BackgroundFetchEventLike {
  updateUI(options: { title?: string; icons?: BackgroundFetchOptions['icons'] }): Promise<void>;
}

/** Every job of this library is named after its upload's record (the file's fingerprint). */
export const JOB_PREFIX = 'resumable-upload:';
export const jobId = (fingerprint: string): string => `${JOB_PREFIX}${fingerprint}`;
export const fingerprintOfJob = (id: string): string | undefined => (id.startsWith(JOB_PREFIX) ? id.slice(JOB_PREFIX.length) : undefined);

/** The channel on which the service worker tells open pages that a handed-off upload ended. */
export const CHANNEL_NAME = 'resumable-upload:background';

/** What the service worker posts on `CHANNEL_NAME`. */
export interface BackgroundMessage {
  fingerprint: string;
  outcome: BackgroundOutcome;
}

/**
 * What the service worker wrote into the upload's record when its job ended. `done`: the server's
 * final answer to the handed-off request; `interrupted`: failed or aborted, the next visit asks the
 * session where it stands.
 */
export type BackgroundOutcome =
  | { state: 'done'; status: number; body: string; contentType: string; at: number }
  | { state: 'interrupted'; reason: string; at: number };

/**
 * The page's Background Fetch, where the browser has it and a service worker is active for the
 * page (`navigator.serviceWorker.getRegistration()`); undefined anywhere else (Firefox, Safari,
 * a page without a worker, an insecure origin).
 */
export async function backgroundFetchManager(): Promise<BackgroundFetchManagerLike | undefined> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container || !('BackgroundFetchManager' in globalThis)) return undefined;
  const registration = await container.getRegistration().catch(() => undefined);
  if (!registration?.active) return undefined;
  return (registration as ServiceWorkerRegistration & { backgroundFetch?: BackgroundFetchManagerLike }).backgroundFetch;
}

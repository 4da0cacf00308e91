import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  backgroundFetchManager,
  CHANNEL_NAME,
  fingerprintOfJob,
  type BackgroundFetchRegistrationLike,
  type BackgroundMessage,
} from '../../background/background-fetch-api.ts';
import { outcomeOf, resultOf } from '../../background/background-outcome.ts';
import type { UploadResult } from '../../protocol/final-result.ts';
import type { StoredUpload } from '../../storage/stored-upload.ts';
import type { BackgroundRow } from './background-row.ts';

/**
 * What the element gives this part; loaded lazily, it imports nothing the element has already,
 * so the element's bundle is not split around it.
 */
export interface BackgroundSettings {
  endpoint(): string;
  /** The endpoint's stored records, as the interrupted list reads them. */
  records(endpoint: string): Promise<StoredUpload[]>;
  /** True when the record's file is listed in the element: a handed-off upload of this page finishes through its own row. */
  listed(record: StoredUpload): boolean;
  /** The browser finished this upload: forget its record, then fire `upload-success` (once). */
  finished(record: StoredUpload, result: UploadResult): Promise<void>;
}

/**
 * The element's part of the `background` attribute (loaded only with it): uploads the browser runs
 * or ran after their page was hidden or closed. Running ones show what the browser has sent (not
 * what the server stored); finished ones show done and fire `upload-success` once, then their
 * record goes; interrupted ones are left to the interrupted list, which resumes them as always.
 */
export class BackgroundUploads implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #settings: BackgroundSettings;
  #rows: BackgroundRow[] = [];
  #channel: BroadcastChannel | undefined;
  readonly #watched = new Set<string>();
  /** Finished uploads reported by this element (refreshes may overlap: the event fires once), kept listed. */
  readonly #done = new Map<string, BackgroundRow>();
  #generation = 0;

  constructor(host: ReactiveControllerHost, settings: BackgroundSettings) {
    this.#host = host;
    this.#settings = settings;
    // Lit connects it at once when the element is connected already.
    host.addController(this);
  }

  hostConnected(): void {
    if (typeof BroadcastChannel === 'function' && !this.#channel) {
      this.#channel = new BroadcastChannel(CHANNEL_NAME);
      this.#channel.onmessage = ({ data }: MessageEvent<BackgroundMessage>) => {
        if (typeof data?.fingerprint === 'string') void this.refresh();
      };
    }
    document.addEventListener('visibilitychange', this.#onVisible);
    void this.refresh();
  }

  hostDisconnected(): void {
    this.#channel?.close();
    this.#channel = undefined;
    document.removeEventListener('visibilitychange', this.#onVisible);
  }

  /** Back on a page that handed an upload off (a switched-away tab): list what the browser runs. */
  #onVisible = () => {
    if (document.visibilityState === 'visible') void this.refresh();
  };

  get rows(): readonly BackgroundRow[] {
    return this.#rows;
  }

  /** True for a record shown here, so the interrupted list leaves it out. */
  owns(fingerprint: string): boolean {
    return this.#rows.some((row) => row.fingerprint === fingerprint);
  }

  async refresh(): Promise<void> {
    const generation = ++this.#generation;
    const endpoint = this.#settings.endpoint();
    const manager = await backgroundFetchManager();
    if (!manager || !endpoint) return;
    const records = await this.#settings.records(endpoint).catch(() => [] as StoredUpload[]);
    const mine = new Map(records.map((record) => [record.fingerprint, record]));
    const rows: BackgroundRow[] = [];
    for (const id of await manager.getIds().catch(() => [] as string[])) {
      const fingerprint = fingerprintOfJob(id);
      const record = fingerprint === undefined ? undefined : mine.get(fingerprint);
      // This page's own hand-off shows in its item's row (`'background'`), not twice.
      if (!record || this.#settings.listed(record)) continue;
      const registration = await manager.get(id).catch(() => undefined);
      if (!registration || registration.result !== '') continue;
      rows.push(this.#running(record, registration));
    }
    for (const record of records) {
      const result = resultOf(outcomeOf(record), record.size, record.sessionUri);
      if (!result || this.#done.has(record.fingerprint) || this.#settings.listed(record)) continue;
      this.#done.set(record.fingerprint, { fingerprint: record.fingerprint, name: record.name, size: record.size, state: 'done', sent: 0, from: record.size });
      await this.#settings.finished(record, result);
    }
    // A finished one stays listed while the element lives; its record is gone already.
    rows.push(...[...this.#done.values()].filter((done) => !rows.some((row) => row.fingerprint === done.fingerprint)));
    if (generation !== this.#generation) return;
    this.#rows = rows;
    this.#host.requestUpdate();
  }

  #running(record: StoredUpload, registration: BackgroundFetchRegistrationLike): BackgroundRow {
    const row: BackgroundRow = {
      fingerprint: record.fingerprint,
      name: record.name,
      size: record.size,
      state: 'running',
      sent: registration.uploaded,
      from: record.size - registration.uploadTotal,
    };
    if (!this.#watched.has(record.fingerprint)) {
      this.#watched.add(record.fingerprint);
      const onProgress = () => {
        const current = this.#rows.find((candidate) => candidate.fingerprint === record.fingerprint);
        if (current) current.sent = registration.uploaded;
        this.#host.requestUpdate();
        if (registration.result === '') return;
        registration.removeEventListener('progress', onProgress);
        this.#watched.delete(record.fingerprint);
        // The service worker writes the outcome, then says so on the channel; this is the fallback.
        setTimeout(() => void this.refresh(), 3000);
      };
      registration.addEventListener('progress', onProgress);
    }
    return row;
  }
}

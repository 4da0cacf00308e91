import type { UploadOptions } from '../engine/options.ts';
import { UploadError } from '../errors/upload-error.ts';
import type { SessionStore } from '../storage/session-store.ts';
import type { UploadItem } from './item/upload-item.ts';

/** A setting's value, or a function giving it that is read each time it is needed (so a page's control can change it). */
export type Live<T> = T | (() => T);

/** The engine's options for one file, or a function of its item, awaited when the file starts. */
export type UploadOptionsOf = Partial<UploadOptions> | ((item: UploadItem) => Partial<UploadOptions> | Promise<Partial<UploadOptions>>);

/** How an `UploadQueue` takes, starts and keeps files. Each setting may be a function, read when it is needed. */
export interface UploadQueueOptions {
  /** The media upload URL (the engine's `endpoint`); the interrupted uploads listed are this endpoint's. */
  endpoint?: Live<string>;
  /**
   * Where sessions are kept, so uploads survive a reload and the interrupted ones are listed: `true`
   * for IndexedDB, `false` for nowhere, or a `SessionStore` (the engine's `store`).
   * @default true
   */
  store?: Live<SessionStore | boolean>;
  /**
   * The engine's options for each file (`uploadType`, `headers`, `metadata`, `chunkSize`, …), or a
   * function of the item that returns them (may be async; called when the file starts, e.g. for a
   * `sessionUri` from your backend). What it gives wins over `endpoint` and `store`.
   */
  upload?: UploadOptionsOf;
  /** Which files are taken, as a file input's `accept`: `image/*,.pdf`. Others are rejected (`'accept'`). */
  accept?: Live<string>;
  /** The largest file taken, in bytes; larger ones are rejected (`'max-file-size'`). */
  maxFileSize?: Live<number | undefined>;
  /** The smallest file taken, in bytes (`1` refuses empty files); smaller ones are rejected (`'min-file-size'`). */
  minFileSize?: Live<number | undefined>;
  /** How many files the list may hold (rejected and cancelled ones do not count); more are rejected (`'max-files'`). */
  maxFiles?: Live<number | undefined>;
  /** The most bytes all listed files may hold together; a file that would pass it is rejected (`'max-total-size'`). */
  maxTotalSize?: Live<number | undefined>;
  /**
   * Take several files in one `add()`; `false` rejects each file after the first (`'multiple'`).
   * @default true
   */
  multiple?: Live<boolean>;
  /**
   * Start files as soon as they are added; `false` waits for `item.start()` or `startAll()`.
   * @default true
   */
  auto?: Live<boolean>;
  /**
   * How many files upload at the same time; the others wait as `queued`.
   * @default 4
   */
  concurrency?: Live<number>;
  /**
   * A file for which this gives true waits as `queued` without taking a place (e.g. until a person
   * gives its details); call `pump()` once it may go. Read when its turn comes, and on each `pump()`.
   * A file it throws for fails with an `'invalid-option'` error naming `hold`; `retry()` asks again.
   */
  hold?: (item: UploadItem) => boolean;
}

const defaults: UploadQueueOptions = { endpoint: '', store: true, accept: '', multiple: true, auto: true, concurrency: 4 };

interface SettingValues {
  endpoint: string;
  store: SessionStore | boolean;
  accept: string;
  maxFileSize: number | undefined;
  minFileSize: number | undefined;
  maxFiles: number | undefined;
  maxTotalSize: number | undefined;
  multiple: boolean;
  auto: boolean;
  concurrency: number;
}

/** The queue's settings: each read when it is needed, a function's value as it is then. */
export type QueueSettings = <K extends keyof SettingValues>(name: K) => SettingValues[K];

/** Reads each setting when it is needed: a function's value as it is then, else the value given or the default. */
export function queueSettings(options: UploadQueueOptions): QueueSettings {
  return <K extends keyof SettingValues>(name: K) => {
    const value = options[name] ?? defaults[name];
    return (typeof value === 'function' ? value() : value) as SettingValues[K];
  };
}

/** Checks the numbers given as values (a function's values are read later, as a control gives them). */
export function checkQueueOptions(options: UploadQueueOptions): void {
  for (const name of ['concurrency', 'maxFileSize', 'minFileSize', 'maxFiles', 'maxTotalSize'] as const) {
    const value = options[name];
    const least = Number(name === 'concurrency');
    if (typeof value === 'function' || value === undefined || (Number.isInteger(value) && value >= least)) continue;
    throw new UploadError('invalid-option', `The queue's \`${name}\` must be a whole number of at least ${least}, not ${String(value)}.`);
  }
}

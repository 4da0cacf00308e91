import type { HeadersOption, UploadOptions, UploadType } from '../../engine/options.ts';
import type { UploadError } from '../../errors/upload-error.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import type { UploadQueueOptions } from '../../queue/queue-options.ts';
import type { SessionStore } from '../../storage/session-store.ts';
import type { KeptHandles } from '../folders/kept-handles.ts';
import type { SettingProblems } from './setting-problems.ts';
import { anyWrong, parseSize, type SettingName } from './settings.ts';

/**
 * Per-file `Upload` options: anything `prepare` returns wins over the element's settings. The item
 * gives the file's `relativePath` in a dropped or chosen folder.
 */
export type PrepareUpload = (file: File, item: UploadItem) => Partial<UploadOptions> | void | Promise<Partial<UploadOptions> | void>;

/** The resource's metadata for one file; the item gives its `relativePath` in a dropped or chosen folder. */
export type MetadataOf = (file: File, item: UploadItem) => Record<string, unknown> | undefined;

/** The element's settings, as its properties hold them (see the element's class for each); every checked one among them. */
export interface ElementSettings extends HTMLElement, Readonly<Record<SettingName, unknown>> {
  endpoint: string;
  uploadType: UploadType;
  chunkSize: number | string | undefined;
  accept: string;
  maxFileSize: number | string | undefined;
  minFileSize: number | string | undefined;
  maxFiles: number | undefined;
  maxTotalSize: number | string | undefined;
  multiple: boolean;
  directory: boolean;
  auto: boolean;
  concurrency: number;
  store: boolean | SessionStore;
  background: boolean;
  headers: HeadersOption | undefined;
  prepare: PrepareUpload | undefined;
  metadata: Record<string, unknown> | MetadataOf | undefined;
}

/**
 * The element's settings as the queue's and each upload's options, read when needed, so attribute
 * changes apply at once; and the wrong ones, said once each in the console.
 */
export class ElementOptions {
  readonly #host: ElementSettings;
  /** Loaded once a setting is wrong, to say so. */
  #problems: SettingProblems | undefined;
  // `prepare` may give each file its endpoint.
  readonly #settingValue = (name: SettingName) => (name === 'endpoint' && this.#host.prepare ? undefined : this.#host[name]);

  constructor(host: ElementSettings) {
    this.#host = host;
  }

  /** The queue's settings; `upload` gives a file's options when it starts, `hold` keeps it from starting. */
  queue(upload: (item: UploadItem) => Promise<Partial<UploadOptions>>, hold: (item: UploadItem) => boolean): UploadQueueOptions {
    const host = this.#host;
    return {
      endpoint: () => host.endpoint,
      store: () => host.store,
      accept: () => host.accept,
      maxFileSize: () => parseSize(host.maxFileSize),
      minFileSize: () => parseSize(host.minFileSize),
      maxFiles: () => host.maxFiles,
      maxTotalSize: () => parseSize(host.maxTotalSize),
      multiple: () => host.multiple || host.directory,
      auto: () => host.auto,
      concurrency: () => host.concurrency,
      hold,
      upload,
    };
  }

  /** Says each wrong setting once in the console (the words load then); the first is why files fail. */
  async check(): Promise<UploadError | undefined> {
    // Once loaded, checked at once: a setting set wrong, right and wrong again in the next frames is said each time.
    if (this.#problems) return this.#problems.check();
    return anyWrong(this.#settingValue) ? (await this.problems()).check() : undefined;
  }

  async problems(): Promise<SettingProblems> {
    const { SettingProblems } = await import('./setting-problems.ts');
    return (this.#problems ??= new SettingProblems(this.#host, this.#settingValue));
  }

  /**
   * The file's options over the queue's own (`endpoint`, `store`, the file's `relativePath`); `prepare`
   * wins over both. `metadataOf` adds what the person gave on the row (`metaFields`) to the metadata.
   */
  async optionsFor(
    item: UploadItem,
    handles: KeptHandles,
    metadataOf: (given: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<Partial<UploadOptions>> {
    const problem = await this.check();
    if (problem) throw problem;
    const host = this.#host;
    const { uploadType } = host;
    const { file } = item;
    const given = typeof host.metadata === 'function' ? host.metadata(file, item) : (host.metadata ?? (uploadType === 'media' ? undefined : { name: file.name }));
    const metadata = metadataOf(given);
    const options: Partial<UploadOptions> = {
      uploadType,
      metadata,
      headers: host.headers,
      chunkSize: parseSize(host.chunkSize) || undefined,
      ...(host.background ? { background: true } : {}),
    };
    const handle = await handles.get(file);
    if (handle?.kind === 'file') options.fileHandle = handle as FileSystemFileHandle;
    return { ...options, ...(await host.prepare?.(file, item)) };
  }
}

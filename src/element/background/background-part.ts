import type { ReactiveControllerHost } from 'lit';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import { sameFile } from '../../queue/same-file.ts';
import { emit } from '../events/emit.ts';
import type { BackgroundSuccessDetail, UploadSuccessEventDetail } from '../events/upload-success.ts';
import type { BackgroundStrings } from '../i18n/background-strings.ts';
import type { BackgroundUploads } from './background-uploads.ts';

/** The element, as its `background` part reads it: the endpoint, and the listed items (a handed-off upload of this page finishes through its own row). */
type Host = ReactiveControllerHost & EventTarget & { readonly endpoint: string; readonly items: readonly UploadItem[] };

/**
 * The element's fields for the `background` attribute: its uploads, the code that renders their
 * rows and their words, each loaded with the attribute only (or with a `prepare` that turns it on).
 */
export class BackgroundPart {
  readonly #host: Host;
  /** The rows' words came: the next render takes them. */
  readonly #wordsLoaded: () => void;
  /** Loaded with the `background` attribute only, with the code that renders its rows. */
  uploads: BackgroundUploads | undefined;
  list: typeof import('./background-row.ts').backgroundList | undefined;
  /** Its English words, under the language's translation and `strings`, once loaded. */
  words: BackgroundStrings | undefined;

  constructor(host: Host, wordsLoaded: () => void) {
    this.#host = host;
    this.#wordsLoaded = wordsLoaded;
  }

  /** Its rows' code and words: a row this page handed off says so (`'background'`). */
  async loadWords(): Promise<void> {
    const { backgroundList, backgroundEnglish } = await import('./background-row.ts');
    this.list = backgroundList;
    this.words = backgroundEnglish;
    this.#wordsLoaded(); // the next render has them, before this upload can change state
  }

  async load(): Promise<void> {
    const [{ BackgroundUploads }, { listStoredUploads, forgetStoredUpload }] = await Promise.all([
      import('./background-uploads.ts'),
      import('../../queue/stored-sessions.ts'),
      this.loadWords(),
    ]);
    const host = this.#host;
    this.uploads ??= new BackgroundUploads(host, {
      endpoint: () => host.endpoint,
      records: (endpoint) => listStoredUploads(endpoint),
      listed: (record) => host.items.some((item) => sameFile(item.file, record)),
      finished: async (storedUpload, result) => {
        // Once: the record goes before the event fires, so no later visit reports it again.
        await forgetStoredUpload(storedUpload.fingerprint).catch(() => undefined);
        const detail: BackgroundSuccessDetail = { background: true, storedUpload, result, file: undefined, item: undefined, upload: undefined };
        emit(host, 'upload-success', detail as unknown as UploadSuccessEventDetail);
      },
    });
  }
}

import type { ReactiveController, ReactiveElement, TemplateResult } from 'lit';
import type { Wording } from '../render/describe.ts';
import { adoptStyles } from '../render/adopt-styles.ts';
import { loadPart } from '../render/load-part.ts';
import type { StoredUpload } from '../../storage/stored-upload.ts';
import type { QueueCore } from '../../queue/queue-core.ts';

type RowModule = typeof import('../render/interrupted-row.ts');

/** What the element tells its interrupted rows; read at the moment it is needed. */
export interface InterruptedSettings {
  /** Choose again: opens the picker (from the click, while its activation lasts). */
  choose(): void;
}

/**
 * The rows of the uploads a reload, a crash or a closed tab interrupted, which the queue reads from
 * its store (none when its uploads keep no sessions): they are looked up on connect, and their row
 * code loads once there is one.
 */
export class InterruptedUploads implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #queue: QueueCore;
  readonly #settings: InterruptedSettings;
  #rows: RowModule | undefined;

  constructor(host: ReactiveElement, queue: QueueCore, settings: InterruptedSettings) {
    this.#host = host;
    this.#queue = queue;
    this.#settings = settings;
    host.addController(this);
  }

  get records(): readonly StoredUpload[] {
    return this.#queue.interrupted;
  }

  /**
   * Renders the list of these records, each row with Resume when the file can be read from its kept
   * handle (else Choose again) and where its session stands: loaded with the records, so it is there
   * whenever one is listed.
   */
  get list(): ((records: readonly StoredUpload[], wording: Wording) => TemplateResult) | undefined {
    const rows = this.#rows;
    return rows && ((records, wording) => rows.interruptedList(records, this.#queue, wording, this.onAction));
  }

  hostConnected(): void {
    void this.refresh();
  }

  /**
   * Reads the records again (on connect, and when the endpoint or `store` changes), then loads their
   * rows' code if there is one to list; a failed load is tried again by `loadPart`, which calls this.
   */
  async refresh(): Promise<void> {
    await this.#queue.refreshInterrupted();
    if (this.#rows || this.records.length === 0) return;
    const module = await loadPart(this.#host, 'its interrupted uploads: they are not listed', () => import('../render/interrupted-row.ts'), () => void this.refresh());
    if (this.#rows || !module) return;
    adoptStyles(this.#host.renderRoot as ShadowRoot, module.interruptedStyles);
    this.#rows = module;
    this.#host.requestUpdate();
  }

  /** The click listener of the interrupted list: its rows' Resume, Choose again and Discard (their code came with the rows). */
  onAction = (event: Event): void => this.#rows?.onInterruptedAction(event, this.#queue, this.#settings.choose);
}

import type { ReactiveController, ReactiveElement } from 'lit';
import type { UploadItem } from '../item/upload-item.ts';

/** What the element tells its form part; read at the moment it is needed. */
export interface FormSettings {
  name(): string;
  required(): boolean;
  items(): readonly UploadItem[];
  /** What a finished item sends with the form; undefined leaves it out. */
  valueOf(item: UploadItem): string | undefined;
  /** The validation messages, in the element's language. */
  messages(): { required: string; uploading: string };
  /** Where the browser points its validation bubble: the Choose button. */
  anchor(): HTMLElement | null;
}

/** Statuses after which an item changes no more unless someone acts: the form need not wait for them. */
const SETTLED_FOR_FORM = ['done', 'failed', 'cancelled', 'rejected'];

/**
 * The element as a form control (`ElementInternals`): its value is one entry under `name` per
 * finished file, it is invalid while uploads are under way (a submit then reports it instead of
 * sending half a form) and, with `required`, until one file is done.
 */
export class FormController implements ReactiveController {
  readonly #internals: ElementInternals;
  readonly #settings: FormSettings;
  /** What was last given to the browser, so a render that changed neither touches nothing. */
  #value: string | undefined;
  #validity: string | undefined;

  constructor(host: ReactiveElement, internals: ElementInternals, settings: FormSettings) {
    this.#internals = internals;
    this.#settings = settings;
    host.addController(this);
  }

  hostUpdated(): void {
    const settings = this.#settings;
    const name = settings.name();
    const values: string[] = [];
    let pending = false;
    let done = false;
    for (const item of settings.items()) {
      if (item.status === 'done') {
        done = true;
        const value = settings.valueOf(item);
        if (value !== undefined) values.push(value);
      } else if (!SETTLED_FOR_FORM.includes(item.status)) pending = true;
    }
    const key = JSON.stringify([name, values]);
    if (key !== this.#value) {
      this.#value = key;
      const data = new FormData();
      for (const value of values) data.append(name, value);
      this.#internals.setFormValue(name && values.length > 0 ? data : null);
    }
    const messages = settings.messages();
    const validity = pending ? messages.uploading : settings.required() && !done ? messages.required : '';
    if (validity === this.#validity) return;
    this.#validity = validity;
    const anchor = settings.anchor() ?? undefined;
    if (pending) this.#internals.setValidity({ customError: true }, validity, anchor);
    else if (validity) this.#internals.setValidity({ valueMissing: true }, validity, anchor);
    else this.#internals.setValidity({});
  }
}

import type { ReactiveController, ReactiveElement } from 'lit';
import type { UploadResult } from '../../protocol/final-result.ts';
import type { UploadStrings } from '../i18n/strings.ts';
import type { UploadItem } from '../item/upload-item.ts';

/** What a finished file sends with its form, from the server's final answer; undefined leaves it out. */
export type FormValueOf = (result: UploadResult, file: File, item: UploadItem) => string | undefined;

/** The default value of a finished file: the server's final answer's body, as JSON. */
const bodyAsJson: FormValueOf = (result) => JSON.stringify(result.body ?? null);

/** What the element tells its form part; read at the moment it is needed. */
export interface FormSettings {
  name(): string;
  required(): boolean;
  items(): readonly UploadItem[];
  /** What a finished item sends with the form; unset, its final answer's body as JSON. */
  formValue(): FormValueOf | undefined;
  /** The element's words, for the validation messages in its language. */
  strings(): Pick<UploadStrings, 'formRequired' | 'formUploading'>;
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
  #name = '';
  #values: (string | undefined)[] = [];
  #validity: string | undefined;
  /** Each finished item's value, worked out once (the list renders every frame while uploading). */
  #valueOf = new WeakMap<UploadItem, string | undefined>();
  #hook: FormValueOf | undefined;

  constructor(host: ReactiveElement, internals: ElementInternals, settings: FormSettings) {
    this.#internals = internals;
    this.#settings = settings;
    host.addController(this);
  }

  hostUpdated(): void {
    const settings = this.#settings;
    const name = settings.name();
    const hook = settings.formValue();
    if (hook !== this.#hook) {
      this.#hook = hook;
      this.#valueOf = new WeakMap();
    }
    const values: (string | undefined)[] = [];
    let pending = false;
    let done = false;
    for (const item of settings.items()) {
      if (item.status === 'done') {
        done = true;
        if (name) values.push(this.#value(item));
      } else if (!SETTLED_FOR_FORM.includes(item.status)) pending = true;
    }
    if (name !== this.#name || values.length !== this.#values.length || values.some((value, index) => value !== this.#values[index])) {
      this.#name = name;
      this.#values = values;
      const data = new FormData();
      for (const value of values) if (value !== undefined) data.append(name, value);
      this.#internals.setFormValue(data.has(name) ? data : null);
    }
    const t = settings.strings();
    const validity = pending ? t.formUploading : settings.required() && !done ? t.formRequired : '';
    if (validity === this.#validity) return;
    this.#validity = validity;
    const anchor = settings.anchor() ?? undefined;
    if (pending) this.#internals.setValidity({ customError: true }, validity, anchor);
    else if (validity) this.#internals.setValidity({ valueMissing: true }, validity, anchor);
    else this.#internals.setValidity({});
  }

  #value(item: UploadItem): string | undefined {
    if (!this.#valueOf.has(item)) this.#valueOf.set(item, (this.#hook ?? bodyAsJson)(item.result!, item.file, item));
    return this.#valueOf.get(item);
  }
}

import type { ReactiveController, ReactiveElement } from 'lit';
import type { UploadResult } from '../../protocol/final-result.ts';
import type { UploadStrings } from '../i18n/strings.ts';
import type { Tally } from '../../queue/item/tally.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';

/** What a finished file sends with its form, from the server's final answer; undefined leaves it out. */
export type FormValueOf = (result: UploadResult, file: File, item: UploadItem) => string | undefined;

/** The default value of a finished file: the server's final answer's body, as JSON. */
const bodyAsJson: FormValueOf = (result) => JSON.stringify(result.body ?? null);

/** What the element tells its form part; read at the moment it is needed. */
export interface FormSettings {
  name(): string;
  required(): boolean;
  /** The items done, in the list's order. */
  done(): readonly UploadItem[];
  /** The list's totals: files done, and those not settled yet (`left`). */
  tally(): Tally;
  /** Changes whenever a file becomes done or a done file leaves the list: only then is the value made again. */
  doneChanges(): number;
  /** What a finished item sends with the form; unset, its final answer's body as JSON. */
  formValue(): FormValueOf | undefined;
  /** The element's words, for the validation messages in its language. */
  strings(): Pick<UploadStrings, 'formRequired' | 'formUploading'>;
  /** Where the browser points its validation bubble: the Choose button. */
  anchor(): HTMLElement | null;
}

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
  #doneChanges: number | undefined;
  #validity: string | undefined;
  /** Each finished item's value, worked out once (the list renders every frame while uploading). */
  #valueOf = new WeakMap<UploadItem, string | undefined>();
  #hook: FormValueOf | undefined;
  #hookChanged = false;

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
      this.#hookChanged = true;
      this.#valueOf = new WeakMap();
    }
    // The list renders every frame while uploading: its files are looked at only when one was done or went.
    const doneChanges = settings.doneChanges();
    if (name !== this.#name || doneChanges !== this.#doneChanges || this.#hookChanged) {
      this.#doneChanges = doneChanges;
      this.#hookChanged = false;
      const values = name ? settings.done().map((item) => this.#value(item)) : [];
      if (name !== this.#name || values.length !== this.#values.length || values.some((value, index) => value !== this.#values[index])) {
        this.#name = name;
        this.#values = values;
        const data = new FormData();
        for (const value of values) if (value !== undefined) data.append(name, value);
        this.#internals.setFormValue(data.has(name) ? data : null);
      }
    }
    // Waiting, under way or paused: not settled, so the form waits.
    const { left, done: doneCount } = settings.tally();
    const pending = left > 0;
    const done = doneCount > 0;
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

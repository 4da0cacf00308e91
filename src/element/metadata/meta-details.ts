import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { UploadError } from '../../errors/upload-error.ts';
import { SETTLED } from '../../queue/item/item-status.ts';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import { interpolate } from '../i18n/interpolate.ts';
import type { Wording } from '../render/describe.ts';
import type { RowPart } from '../rows/item-row.ts';
import { shownName } from '../../utils/shown-name.ts';
import { consoleSaid } from '../settings/said.ts';
import { checkMetaFields, type MetaField } from './meta-fields.ts';
import { metaStyles } from './meta-styles.ts';
import { metaEnglish, type MetaStrings } from '../i18n/meta-strings.ts';

/** The element, as the details read it: `metaFields` as the page set it, and its items. */
export type MetaElement = ReactiveElement & { metaFields: unknown; readonly items: readonly UploadItem[] };

/**
 * The details a person gives for each file (`metaFields`): the form on its row, the files held back
 * while a required field is empty, and the values merged into the metadata when the upload starts.
 * Loaded only once `metaFields` is set.
 */
export class MetaDetails {
  readonly #element: MetaElement;
  /** Renders an item's row again. */
  readonly #rows: { revise(item: UploadItem): void };
  /** Looks again at the files it holds back. */
  readonly #queue: { pump(): void };
  #given: unknown = {};
  #checked: readonly MetaField[] | UploadError | undefined;
  /** The console message of the wrong value now, if any. */
  #wrong: string | undefined;
  /** Items whose form is open; several may be, none loses what was typed in another. */
  readonly #open = new Set<UploadItem>();
  /** In an open form, the fields found empty at Save though required. */
  readonly #missing = new WeakMap<UploadItem, ReadonlySet<string>>();
  /** The values that went with each upload's start, to tell a later change. */
  readonly #sent = new WeakMap<UploadItem, Readonly<Record<string, string>>>();

  constructor(element: MetaElement, rows: { revise(item: UploadItem): void }, queue: { pump(): void }) {
    this.#element = element;
    this.#rows = rows;
    this.#queue = queue;
    const root = element.renderRoot as ShadowRoot;
    const sheet = metaStyles.styleSheet;
    if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    else root.append(Object.assign(document.createElement('style'), { textContent: metaStyles.cssText }));
    this.check();
  }

  /** The fields, checked once per value the page gives (a wrong one said once in the console); undefined when unset. */
  check(): readonly MetaField[] | UploadError | undefined {
    const given = this.#element.metaFields;
    if (given === this.#given) return this.#checked;
    this.#given = given;
    const checked = (this.#checked = given == null ? undefined : checkMetaFields(given));
    const said = consoleSaid(this.#element);
    if (this.#wrong) said.delete(this.#wrong); // set wrong again later, it is said again
    this.#wrong = checked && !Array.isArray(checked) ? (checked as UploadError).message : undefined;
    if (this.#wrong && !said.has(this.#wrong)) console.error(this.#wrong, this.#element);
    if (this.#wrong) said.add(this.#wrong);
    // Other fields: every row shows them, a file held back may go.
    for (const item of this.#element.items) this.#rows.revise(item);
    this.#queue.pump();
    return checked;
  }

  #fields(): readonly MetaField[] {
    const checked = this.check();
    return Array.isArray(checked) ? checked : [];
  }

  /** A file waits while one of its required fields is empty (and uploads, to fail, while `metaFields` is wrong). */
  holds(item: UploadItem): boolean {
    return this.#fields().some((field) => field.required && !item.meta[field.id]?.trim());
  }

  /**
   * The metadata the upload starts with: the element's, with each field filled in over it. Throws
   * the `'invalid-option'` error while `metaFields` is wrong: the file fails, naming it.
   */
  metadataOf(item: UploadItem, base: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    const checked = this.check();
    if (checked && !Array.isArray(checked)) throw checked;
    if (!checked) return base;
    const filled = Object.fromEntries(
      Object.entries(item.meta)
        .map(([key, value]) => [key, String(value).trim()])
        .filter(([, value]) => value),
    );
    this.#sent.set(item, filled);
    return Object.keys(filled).length ? { ...base, ...filled } : base;
  }

  /** The row's button and form, and its status while it waits for details; undefined without fields. */
  row(item: UploadItem, wording: Wording): RowPart | undefined {
    const fields = this.#fields();
    if (!fields.length || item.status === 'rejected') return undefined;
    const t = { ...metaEnglish, ...wording.t } as MetaStrings & Wording['t'];
    const open = this.#open.has(item);
    const formId = `${item.id}-details`;
    const sent = this.#sent.get(item);
    const late = sent !== undefined && !open && this.#changedSince(sent, item, fields);
    const waiting = (item.status === 'queued' || item.status === 'ready') && this.holds(item);
    const part = html`<div class="meta" part="meta">
      ${open || !SETTLED.includes(item.status)
        ? html`<button type="button" class="again" part="item-button meta-button" data-meta=${item.id} aria-expanded=${open}
            aria-controls=${open ? formId : nothing} aria-describedby=${item.id} @click=${() => this.#toggle(item)}>${t.metaEdit}</button>`
        : nothing}
      ${late ? html`<span class="meta-note" part="meta-note">${t.metaLate}</span>` : nothing}
      ${open ? this.#form(item, fields, t, formId, sent !== undefined) : nothing}
    </div>`;
    return { status: waiting ? t.metaNeeded : undefined, part };
  }

  /** A declared field's value differs from what was sent, compared by key (`item.meta` may hold them in any order). */
  #changedSince(sent: Readonly<Record<string, string>>, item: UploadItem, fields: readonly MetaField[]): boolean {
    return fields.some(({ id }) => (sent[id] ?? '') !== String(item.meta[id] ?? '').trim());
  }

  #form(item: UploadItem, fields: readonly MetaField[], t: MetaStrings, formId: string, started: boolean): TemplateResult {
    const missing = this.#missing.get(item);
    const name = shownName(item.file.name);
    return html`<form class="meta-form" part="meta-form" id=${formId} aria-label=${interpolate(t.metaLabel, { name }, false)} novalidate
      @submit=${(event: SubmitEvent) => this.#save(event, item)} @keydown=${(event: KeyboardEvent) => this.#onKey(event, item)}>
      ${started ? html`<p class="meta-note" part="meta-note">${t.metaLate}</p>` : nothing}
      ${fields.map((field, index) => {
        const id = `${formId}-${index}`;
        const wrong = missing?.has(field.id);
        const error = wrong ? `${id}-error` : nothing;
        // Not `live`: a render after a failed Save keeps what was typed.
        const value = item.meta[field.id] ?? '';
        const placeholder = field.placeholder || nothing;
        return html`<div class="meta-field">
          <label for=${id}>${field.label}${field.required ? html`<span aria-hidden="true"> *</span>` : nothing}</label>
          ${field.multiline
            ? html`<textarea id=${id} name=${field.id} rows="3" ?required=${!!field.required} aria-invalid=${wrong ? 'true' : nothing}
                aria-describedby=${error} placeholder=${placeholder} .value=${value}></textarea>`
            : html`<input id=${id} name=${field.id} ?required=${!!field.required} aria-invalid=${wrong ? 'true' : nothing} aria-describedby=${error}
                placeholder=${placeholder} .value=${value} />`}
          ${wrong ? html`<span class="meta-error" id=${id}-error>${t.metaMissing}</span>` : nothing}
        </div>`;
      })}
      <div class="meta-actions">
        <button type="submit" class="again" part="item-button meta-save-button">${t.metaSave}</button>
        <button type="button" class="again" part="item-button meta-cancel-button" @click=${() => this.#close(item)}>${t.metaCancel}</button>
      </div>
    </form>`;
  }

  #toggle(item: UploadItem): void {
    if (this.#open.has(item)) return this.#close(item);
    this.#open.add(item);
    this.#missing.delete(item);
    this.#rows.revise(item);
    void this.#element.updateComplete.then(() => this.#root().querySelector<HTMLElement>(`#${item.id}-details-0`)?.focus());
  }

  /** Closes without keeping what was typed since the last Save. The focus goes back to the row's button first: it never falls to the page. */
  #close(item: UploadItem): void {
    this.#root().querySelector<HTMLElement>(`[data-meta="${item.id}"]`)?.focus();
    this.#open.delete(item);
    this.#missing.delete(item);
    this.#rows.revise(item);
  }

  #onKey(event: KeyboardEvent, item: UploadItem): void {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation(); // a dialog around the element stays open
    this.#close(item);
  }

  /** Keeps the values, or marks the required fields left empty and takes the focus to the first (its error is its description). */
  #save(event: SubmitEvent, item: UploadItem): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = this.#fields();
    const data = new FormData(form);
    const values: Record<string, string> = {};
    for (const { id } of fields) values[id] = String(data.get(id) ?? '');
    const missing = fields.filter((field) => field.required && !values[field.id]!.trim());
    if (missing.length) {
      this.#missing.set(item, new Set(missing.map((field) => field.id)));
      this.#rows.revise(item);
      const first = fields.indexOf(missing[0]!);
      void this.#element.updateComplete.then(() => {
        const field = this.#root().querySelector<HTMLElement>(`#${item.id}-details-${first}`);
        // Focused again, even if it was (Enter in it): the screen reader reads it with its error.
        if (field && field === this.#root().activeElement) field.blur();
        field?.focus();
      });
      return;
    }
    item.meta = { ...item.meta, ...values };
    this.#close(item);
    this.#queue.pump(); // a file held for these details may go now
  }

  #root(): ShadowRoot {
    return this.#element.renderRoot as ShadowRoot;
  }
}

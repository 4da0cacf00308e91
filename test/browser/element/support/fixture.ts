import { afterEach, expect } from 'vitest';
import '../../../../src/element.ts';
import type { ResumableUploadElement, UploadItem } from '../../../../src/element.ts';
import { endpoint } from '../../support/server.ts';
import { until } from '../../../support/until.ts';

const mounted = new Set<ResumableUploadElement>();

/**
 * A `<resumable-upload>` in the page with these attributes, pointing at a fresh endpoint of the
 * reference server unless `endpoint` is given; `setup` runs before it is connected.
 */
export async function mount(
  attributes: Record<string, string | true> = {},
  setup?: (element: ResumableUploadElement) => void,
): Promise<ResumableUploadElement> {
  const element = document.createElement('resumable-upload');
  element.setAttribute('endpoint', endpoint());
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value === true ? '' : value);
  setup?.(element);
  document.body.append(element);
  mounted.add(element);
  await element.updateComplete;
  return element;
}

afterEach(() => {
  for (const element of mounted) {
    element.cancelAll();
    element.remove();
  }
  mounted.clear();
});

/** The element's shadow root, for queries. */
export function shadow(element: ResumableUploadElement): ShadowRoot {
  return element.shadowRoot!;
}

/**
 * The rendered row of an item, after the next frame's render. A long list renders only the rows
 * around the screen: the page is scrolled to the item's row first when it is not rendered.
 */
export async function rowOf(element: ResumableUploadElement, item: UploadItem): Promise<HTMLLIElement> {
  await element.updateComplete;
  const find = () => shadow(element).querySelector<HTMLLIElement>(`li[data-item="${item.id}"]`);
  let tries = 0;
  await until(async () => {
    if (find() || !element.items.includes(item)) return true;
    await scrollToRow(element, element.items.indexOf(item), tries++ >= 5);
    return find();
  }, `a row for ${item.file.name}`);
  const row = find();
  if (!row) throw new Error(`No row for ${item.file.name}: it left the list`);
  return row;
}

/**
 * Scrolls the page so the row at `index` of a long list is on screen (from the rows rendered, their
 * place and height); `stepwise`, for a list in a box that scrolls, brings the rendered row nearest
 * to it into view instead, a screen at a time.
 */
export async function scrollToRow(element: ResumableUploadElement, index: number, stepwise = false): Promise<void> {
  const rows = [...shadow(element).querySelectorAll<HTMLLIElement>('[part~=list] > li[aria-posinset]')];
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return;
  const place = (row: HTMLLIElement) => Number(row.getAttribute('aria-posinset')) - 1;
  const top = (row: HTMLLIElement) => row.getBoundingClientRect().top;
  const pitch = rows.length > 1 ? (top(last) - top(first)) / (place(last) - place(first)) : first.getBoundingClientRect().height;
  if (stepwise) (index > place(last) ? last : first).scrollIntoView({ block: index > place(last) ? 'start' : 'end' });
  else scrollBy(0, top(first) + (index - place(first)) * pitch - innerHeight / 3);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await element.updateComplete;
}

/** The summary, once its part (loaded with the first row) is in and it is shown (from the second file). */
export async function summaryOf(element: ResumableUploadElement): Promise<HTMLElement> {
  return until(
    async () => (await element.updateComplete, shadow(element).querySelector<HTMLElement>('[part~=summary]')),
    () => `the summary (${element.items.length} files listed)`,
  );
}

/** Resolves with the next event of this type from the element. */
export function nextEvent<K extends keyof HTMLElementEventMap>(
  element: ResumableUploadElement,
  type: K,
  filter: (event: HTMLElementEventMap[K]) => boolean = () => true,
): Promise<HTMLElementEventMap[K]> {
  return new Promise((resolve) => {
    const listener = (event: HTMLElementEventMap[K]) => {
      if (!filter(event)) return;
      element.removeEventListener(type, listener);
      resolve(event);
    };
    element.addEventListener(type, listener);
  });
}

/** Resolves when the item reaches this status (checked every 5 ms: a short status is not missed). */
export async function reachStatus(element: ResumableUploadElement, item: UploadItem, status: UploadItem['status']): Promise<void> {
  await until(() => item.status === status, () => `${item.file.name} is '${status}' (it is '${item.status}')`, 5);
  await element.updateComplete;
}

/** The element's items once `count` of them have been added (a dropped folder is read asynchronously). */
export async function itemsAfterDrop(element: ResumableUploadElement, count: number): Promise<readonly UploadItem[]> {
  await until(() => element.items.length >= count, () => `${count} items (${element.items.length} so far)`, 10);
  expect(element.items).toHaveLength(count);
  return element.items;
}

/** Each item's path inside its chosen or dropped folder. */
export const relativePaths = (items: readonly UploadItem[]) => items.map((item) => item.relativePath);

export const UPLOAD_EVENTS = [
  'upload-add',
  'upload-reject',
  'upload-start',
  'upload-progress',
  'upload-success',
  'upload-error',
  'upload-cancel',
] as const;

/** Every `upload-*` event the element fires, in order, as `type:file name`. */
export function recordEvents(target: EventTarget): string[] {
  const log: string[] = [];
  for (const type of UPLOAD_EVENTS) {
    target.addEventListener(type, (event) => log.push(`${type}:${(event as CustomEvent<{ file: File }>).detail.file.name}`));
  }
  return log;
}

/** What the polite live region says now: its paragraphs, read apart as a screen reader does, joined by spaces. */
export function liveRegionText(element: ResumableUploadElement): string {
  const region = shadow(element).querySelector('[role="status"]')!;
  return [...region.children].map((paragraph) => paragraph.textContent?.trim()).join(' ');
}

/** Waits for the live region to say something that matches (a message comes at most once a second). */
export async function announced(element: ResumableUploadElement, expected: string | RegExp): Promise<string> {
  const matches = (text: string) => (typeof expected === 'string' ? text === expected : expected.test(text));
  await until(
    async () => (await element.updateComplete, matches(liveRegionText(element))),
    () => `the live region says ${String(expected)} (it says "${liveRegionText(element)}")`,
  );
  return liveRegionText(element);
}

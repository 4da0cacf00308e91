// The demo's `<resumable-upload>` elements as the flows see them: rows read by page scripts, buttons
// by their accessible names, files chosen through the element's button.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { until, type Driver, type Target } from './driver.ts';

const require = createRequire(import.meta.url);

export type ElementId = 'default' | 'themed' | 'rtl' | 'form-uploader' | 'background';

/** What a row of the element shows: its status, words, bar and buttons. */
export interface RowView {
  status: string | null;
  part: string | null;
  /** The status text, its white space collapsed. */
  text: string | null;
  name: string | null;
  valuenow: number | null;
  valuetext: string | null;
  buttons: (string | null)[];
}

/** Reads the rows of element `id` whose file name contains `name` (`interrupted`: its interrupted rows). Runs in the page. */
function readRows([id, name, interrupted]: [string, string, boolean]): RowView[] {
  const root = document.getElementById(id)!.shadowRoot!;
  const rows = [...root.querySelectorAll(interrupted ? '[part~=interrupted-item]' : '[part~=item]')];
  const words = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
  return rows
    .filter((row) => row.querySelector('[part=name]')?.textContent?.includes(name))
    .map((row) => {
      const bar = row.querySelector('[role=progressbar]');
      return {
        status: row.getAttribute('data-status'),
        part: row.getAttribute('part'),
        text: words(row.querySelector('[part=status]')),
        name: words(row.querySelector('[part=name]')),
        valuenow: bar ? Number(bar.getAttribute('aria-valuenow')) : null,
        valuetext: bar?.getAttribute('aria-valuetext') ?? null,
        buttons: [...row.querySelectorAll('button')].map((button) => button.getAttribute('aria-label')),
      };
    });
}

/** One `<resumable-upload>` of the demo page, by id: its button, its rows, its file input. */
export function uploader(d: Driver, id: ElementId) {
  const host = `#${id}`;
  const rows = (name: string, interrupted = false) => d.evaluate(readRows, [id, name, interrupted] as [string, string, boolean]);
  return {
    host,
    /** The main button ("Choose files"). */
    button: [host, '[part=button]'] as Target,
    /** A button of the element by its accessible name (`Pause name`, `Cancel name`…). */
    named: (label: string): Target => [host, `button[aria-label="${label}"]`],
    /** The row of the file whose name contains `name`, or null when there is none. */
    row: async (name: string) => (await rows(name))[0] ?? null,
    rows,
    interrupted: async (name = '') => rows(name, true),
    /** Waits until the row of `name` is in one of `statuses`, and returns it. */
    async status(name: string, statuses: string | RegExp): Promise<RowView> {
      const wanted = (status: string | null | undefined) => (typeof statuses === 'string' ? status === statuses : statuses.test(status ?? ''));
      return (await until(async () => (await rows(name))[0], (row) => wanted(row?.status), `${name} ${statuses}`))!;
    },
    /** Waits until the bar of `name` reaches `percent`. */
    async reaches(name: string, percent: number): Promise<void> {
      await until(async () => (await rows(name))[0]?.valuenow ?? 0, (now) => now >= percent, `${name} at ${percent}%`);
    },
    /** Chooses files from disk through the element's button, as a person does. */
    choose: (files: string[]) => d.chooseFiles(files, [host, 'input[type=file]'], [host, '[part=button]']),
    chooseAgain: (name: string, files: string[]) => d.chooseFiles(files, [host, 'input[type=file]'], [host, `button[aria-label="Choose again to resume ${name}"]`]),
  };
}

/**
 * Opens the element demo and waits until its elements have rendered: they render in an animation
 * frame, which WebKitGTK in an Xvfb display runs late (its first came 0.8 s after the load), and a key
 * pressed before would find no button to move to.
 */
export async function openDemo(d: Driver, path = '/demo/'): Promise<void> {
  await d.goto(path);
  await d.evaluate(() => Promise.all([...document.querySelectorAll('resumable-upload')].map((element) => (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete)));
}

/** Checks a checkbox of the page, as a click does when it is not checked yet. */
export async function check(d: Driver, selector: string): Promise<void> {
  if (!(await d.evaluate((selector) => document.querySelector<HTMLInputElement>(selector)!.checked, selector))) await d.click(selector);
}

/** Starts recording every `aria-valuenow` each progress bar of the element takes, by file name. */
export async function recordProgress(d: Driver, id: ElementId): Promise<void> {
  await d.evaluate((id) => {
    const root = document.getElementById(id)!.shadowRoot!;
    const seen: Record<string, number[]> = {};
    (window as unknown as { progress: Record<string, number[]> }).progress = seen;
    const record = (bar: Element) => {
      const name = bar.closest('li')!.querySelector('[part=name]')!.textContent!;
      (seen[name] ??= []).push(Number(bar.getAttribute('aria-valuenow')));
    };
    new MutationObserver((records) => {
      for (const { target, type, addedNodes } of records) {
        if (type === 'attributes') record(target as Element);
        for (const node of addedNodes) if (node instanceof Element) node.querySelectorAll('[role=progressbar]').forEach(record);
      }
    }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  }, id);
}

export function recordedProgress(d: Driver): Promise<Record<string, number[]>> {
  return d.evaluate(() => (window as unknown as { progress: Record<string, number[]> }).progress);
}

/** The entries of the demo's event log for `event` (and `file`, and `element`): their file ids and words. */
export function logEntries(d: Driver, event: string, file?: string, element?: ElementId): Promise<{ fileId: string | null; text: string }[]> {
  return d.evaluate(
    ([event, file, element]) =>
      [...document.querySelectorAll(`#log li[data-event=${event}]`)]
        .filter((entry) => (!file || entry.getAttribute('data-file') === file) && (!element || entry.getAttribute('data-element') === element))
        .map((entry) => ({ fileId: entry.getAttribute('data-file-id'), text: entry.textContent ?? '' })),
    [event, file ?? '', element ?? ''] as const,
  );
}

/** The stored object's id, from the demo's event log, once it has the one success of `file`. */
export async function storedId(d: Driver, element: ElementId, file: string): Promise<string> {
  const entries = await until(() => logEntries(d, 'upload-success', file, element), (entries) => entries.length === 1, `the success of ${file}`);
  return entries[0]!.fileId!;
}

/** The accessible label of the focused element, inside shadow roots too. */
export function focusedLabel(d: Driver): Promise<string> {
  return d.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const label = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active.labels?.[0]?.textContent : active?.textContent;
    return (active?.getAttribute('aria-label') ?? label ?? '').trim();
  });
}

/**
 * Runs axe-core on the whole page, shadow roots included, and returns the violations.
 *
 * In Firefox ESR, reading an element's ARIA element references (`ariaLabelledByElements` and the
 * like) from two realms, the page's and a WebDriver BiDi sandbox, crashes the page's content process
 * (SIGSEGV; scripts/firefox-aria-crash.mjs shows it without Playwright). Playwright reads them in its
 * utility sandbox (its accessible names: `getByRole` with a name), axe in the page (to resolve
 * `aria-labelledby` and the other id references). So in Firefox those properties are hidden from the
 * page while axe runs: axe then resolves the references from the attributes, where all of ours are.
 */
export async function axeViolations(d: Driver): Promise<{ id: string; nodes: string[] }[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await d.evaluate((source) => {
    const script = document.createElement('script');
    script.textContent = source;
    document.head.append(script);
  }, source);
  return d.evaluate(async (firefox) => {
    const hidden = firefox ? Object.entries(Object.getOwnPropertyDescriptors(Element.prototype)).filter(([name]) => /^aria\w+Elements?$/.test(name)) : [];
    for (const [name] of hidden) Object.defineProperty(Element.prototype, name, { configurable: true, get: () => null });
    try {
      const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] });
      return violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
    } finally {
      for (const [name, descriptor] of hidden) Object.defineProperty(Element.prototype, name, descriptor);
    }
  }, d.engine === 'firefox');
}

// The recovery flows of e2e/recovery.spec.ts in WebKit: a real reload, a page left, a second page,
// with a real file from disk, against the demo and the reference server. Not here: the flows that
// need what this WebDriver lacks (going offline) or that test another engine's behaviour (a file
// changed on disk is Chromium's check).
import { afterEach, beforeEach, expect, inject, it } from 'vitest';
import { databaseDump } from '../../e2e/support/database-dump.ts';
import { fileOnDisk, sha256OfFile } from '../../e2e/support/files.ts';
import { until } from '../support/until.ts';
import { freshBrowser } from './fresh-browser.ts';

const MiB = 1024 * 1024;
const CHUNK = 8 * MiB;
const SIZE = 200 * MiB;
const base = inject('baseURL');

let browser: WebdriverIO.Browser;

/** Page scripts are sent as text: WebDriver runs them in the page, and each returns its value (awaited). */
const run = <T>(script: string): Promise<T> => browser.execute(script) as Promise<T>;

/** The value of `attribute` on the last row of uploads, or null. */
const lastRow = (attribute: string) => run<string | null>(`return document.querySelector('#uploads li:last-child')?.getAttribute('${attribute}') ?? null`);

/** Reads until `check` accepts the value read (the test's timeout bounds the wait); returns that value. */
async function seen<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  let value!: T;
  await until(async () => check((value = await read())), () => `${what} (last seen ${JSON.stringify(value)})`, 100);
  return value;
}

async function openRecoveryPage(): Promise<void> {
  await browser.url(`${base}/demo/recovery.html?chunkSize=${CHUNK}`);
  await seen(() => run<boolean>(`return !!document.querySelector('#files')`), Boolean, 'the recovery page');
}

const click = async (selector: string) => (await browser.$(selector)).click();

/** Chooses a file from disk on the file input: classic WebDriver sends its path as keys. */
async function chooseFile(path: string): Promise<void> {
  const input = await browser.findElement('css selector', '#files');
  await browser.elementSendKeys(Object.values(input)[0] as string, path);
}

/** Everything the page's IndexedDB holds for the library, as text. */
const dumpDatabase = () => run<string>(`return ${databaseDump}`);

const serverJson = async (path: string) => (await fetch(`${base}${path}`)).json();

/** Starts a slowed-down upload of `file` (200 ms per chunk) and waits until `fraction` of it is committed. */
async function startSlowUpload(file: string, fraction: number): Promise<string> {
  // What the page's "Slow the server down" button asks, sent from here so it is in place before the file is chosen.
  await fetch(`${base}/__control/faults`, { method: 'POST', body: JSON.stringify([{ kind: 'delay', ms: 200, times: 100000 }]) });
  await chooseFile(file);
  await seen(async () => Number(await lastRow('data-committed')) / SIZE, (done) => done >= fraction, `${fraction * 100}% committed`);
  return (await lastRow('data-session'))!;
}

async function chooseAgainAndFinish(file: string): Promise<{ session: string; id: string }> {
  await chooseFile(file);
  await seen(() => lastRow('data-state'), (state) => state === 'done', 'the upload done');
  return { session: (await lastRow('data-session'))!, id: (await lastRow('data-file-id'))! };
}

const storedRows = () => run<number>(`return document.querySelectorAll('#stored li').length`);

// A browser of its own for each flow.
beforeEach(async () => {
  browser = await freshBrowser(base);
  await openRecoveryPage();
  await click('#clear');
  await seen(storedRows, (rows) => rows === 0, 'nothing stored');
});

afterEach(() => browser?.deleteSession());

it('a reload at 40% continues from the server offset when the file is chosen again', async () => {
  const file = await fileOnDisk('recovery-200mib.bin', SIZE);
  const session = await startSlowUpload(file, 0.4);
  expect(await dumpDatabase()).not.toContain('demo-secret-token');

  await browser.refresh();
  await seen(storedRows, (rows) => rows === 1, 'the stored upload listed after the reload');
  const after = await chooseAgainAndFinish(file);

  expect(after.session).toBe(session);
  expect((await serverJson(`/__files/${after.id}/info`)).sha256).toBe(await sha256OfFile(file));
  const log = await serverJson(`/__control/sessions/${session}`);
  expect(log.bytesReceived - SIZE).toBeLessThanOrEqual(CHUNK);
  expect(await dumpDatabase()).toBe('[]');
});

it('leaving the page mid-upload leaves it resumable when the page is opened again', async () => {
  const file = await fileOnDisk('recovery-200mib.bin', SIZE);
  const session = await startSlowUpload(file, 0.2);
  // As a closed tab, the page goes without a reload (MiniBrowser opens no second window under WebDriver).
  await browser.url('about:blank');
  await openRecoveryPage();

  await seen(storedRows, (rows) => rows === 1, 'the stored upload listed on the page opened again');
  const after = await chooseAgainAndFinish(file);
  expect(after.session).toBe(session);
  expect((await serverJson(`/__files/${after.id}/info`)).sha256).toBe(await sha256OfFile(file));
});

// MiniBrowser opens no second window under WebDriver: the second page is a frame of the first, a
// document of its own on the same origin, which Web Locks set against the first as they would a tab.
it('two pages on the same stored upload: only one uploads', async () => {
  const file = await fileOnDisk('recovery-200mib.bin', SIZE);
  await startSlowUpload(file, 0.1);
  await run(`const frame = document.createElement('iframe');
    frame.src = '/demo/recovery.html?chunkSize=${CHUNK}';
    frame.style.cssText = 'width: 800px; height: 400px';
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener('load', () => resolve(1)));`);
  await browser.switchFrame(await browser.$('iframe'));
  await seen(() => run<boolean>(`return !!document.querySelector('#files')`), Boolean, 'the recovery page in the frame');
  await chooseFile(file);
  await seen(() => lastRow('data-error'), (error) => error === 'locked', 'the second page refused');

  await browser.switchFrame(null);
  await seen(() => lastRow('data-state'), (state) => state === 'done', 'the first page done');
});

it('an expired session restarts from zero and replaces the record', async () => {
  const file = await fileOnDisk('recovery-200mib.bin', SIZE);
  const session = await startSlowUpload(file, 0.2);
  await browser.refresh();
  await seen(storedRows, (rows) => rows === 1, 'the stored upload listed after the reload');
  await fetch(`${base}/__control/sessions/${session}/faults`, { method: 'POST', body: JSON.stringify([{ kind: 'expire', status: 404, match: 'put' }]) });

  await chooseFile(file);
  await seen(() => lastRow('data-session'), (now) => now !== null && now !== session, 'a new session');
  const storedSessions = async () => (JSON.parse(await dumpDatabase()) as Array<{ sessionUri: string }>).map((record) => record.sessionUri);
  await seen(storedSessions, (uris) => uris.length === 1 && !uris[0]!.includes(session), 'the record replaced');
  await seen(() => lastRow('data-state'), (state) => state === 'done', 'the upload done');
  expect((await serverJson(`/__files/${await lastRow('data-file-id')}/info`)).sha256).toBe(await sha256OfFile(file));
});

// Uploads a reload, a crash or a closed tab interrupted: the element lists them on connect and lets a
// person resume them (from a kept file handle, or by choosing the file again) or discard them.
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore, set } from 'idb-keyval';
import { script } from '../support/scripted.ts';
import { Upload, clearStoredUploads, listStoredUploads } from '../../../src/index.ts';
import { registerLocale, type ResumableUploadElement } from '../../../src/element.ts';
import { en } from '../../../src/element/i18n/strings.ts';
import { announceEnglish } from '../../../src/element/i18n/announce-strings.ts';
import { expectStored } from '../support/expect-stored.ts';
import { QUANTUM, patternBytes, patternFile } from '../support/files.ts';
import { endpoint, faultHeaders, sessionLog } from '../support/server.ts';
import { fast, rejection } from '../support/upload-helpers.ts';
import { until } from '../../support/until.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { announced, mount, nextEvent, shadow } from './support/fixture.ts';
import { RIGHT_TO_LEFT, shippedLocales } from './support/locales.ts';
import { expectFirstChunkSentOnce, interrupt, interruptedRows, rowsAfterConnect } from './support/interrupted.ts';

/** An upload paused after its first confirmed bytes: its record is kept and its Web Lock held, as in a live tab. */
async function pausedMidway(file: File, url: string): Promise<Upload> {
  const upload = new Upload(file, {
    endpoint: url,
    chunkSize: QUANTUM,
    retry: fast,
    headers: faultHeaders([{ kind: 'delay', ms: 200, times: 1000 }]),
  });
  const progressed = new Promise((resolve) => upload.addEventListener('progress', resolve, { once: true }));
  upload.start().catch(() => undefined); // aborted at the end of the test
  await progressed;
  upload.pause();
  await until(async () => (await listStoredUploads(url)).some((record) => record.bytesCommitted > 0), 'a record of the bytes the server has');
  return upload;
}

/** Picks files through the element's own file input, as the picker would hand them over. */
function pick(element: ResumableUploadElement, ...files: File[]): void {
  const input = shadow(element).querySelector<HTMLInputElement>('input[type=file]')!;
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  input.files = data.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const statusOf = (row: HTMLElement) => row.querySelector('[part~="status"]')!.textContent!.replace(/[\u2068\u2069]/g, '');

const liveRegion = (element: ResumableUploadElement) => shadow(element).querySelector('[role="status"]')!.textContent!.trim();

/** For a row that must not appear: give the element's IndexedDB read ample time, then look. */
async function rowsOnceSettled(element: ResumableUploadElement): Promise<HTMLLIElement[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await element.updateComplete;
  return interruptedRows(element);
}

beforeEach(() => clearStoredUploads());

describe('interrupted uploads in the element', () => {
  it("lists those of its endpoint on connect: name, size and the server's percent", async () => {
    const url = endpoint();
    await interrupt(patternFile(4 * QUANTUM, 'holiday.mov'), url);
    await interrupt(patternFile(2 * QUANTUM, 'elsewhere.bin'), endpoint());

    const element = await mount({ endpoint: url });
    const [row] = await rowsAfterConnect(element, 1);
    expect(row!.querySelector('[part~="name"]')!.textContent).toBe('holiday.mov');
    expect(row!.querySelector('[part~="size"]')!.textContent).toBe('1 MB');
    await until(async () => (await element.updateComplete, statusOf(row!).includes('25%')), () => `the server's 25% (the row says "${statusOf(row!)}")`);
    expect(row!.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('25');
    // One polite note, nothing per row.
    await announced(element, 'Some uploads were interrupted: resume or discard them below');
    await expectNoAxeViolations(element);
    // No handle was kept: the way on is to choose the file again, which opens the picker.
    const again = row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!;
    expect(again.getAttribute('aria-label')).toBe('Choose again to resume holiday.mov'); // the visible text first, for voice control
    const picker = shadow(element).querySelector('input')!;
    const opened = new Promise((resolve) => picker.addEventListener('click', resolve, { once: true }));
    again.click();
    await opened;
  });

  it('the same file chosen again replaces its row and goes on from the server offset', async () => {
    const url = endpoint();
    const file = patternFile(4 * QUANTUM + 7, 'report.pdf');
    const sessionUri = await interrupt(file, url);
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) });
    const [row] = await rowsAfterConnect(element, 1);

    const picker = shadow(element).querySelector('input')!;
    picker.addEventListener('click', (event) => event.preventDefault(), { once: true }); // no real dialog in a test
    row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!.click();
    const success = nextEvent(element, 'upload-success');
    pick(element, file);
    expect(await rowsAfterConnect(element, 0)).toEqual([]);
    expect(element.items).toHaveLength(1); // its row took the interrupted one's place: no duplicate
    const { result } = (await success).detail;
    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
    // The first chunk was sent once only (a 400 answered the second before the interruption).
    await expectFirstChunkSentOnce(sessionUri, file);
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('another file starts a new session and leaves the interrupted one listed', async () => {
    const url = endpoint();
    const old = new File([patternBytes(2 * QUANTUM, 1)], 'photo.jpg', { lastModified: 1_000 });
    const sessionUri = await interrupt(old, url);
    const element = await mount({ endpoint: url });
    await rowsAfterConnect(element, 1);

    const other = new File([patternBytes(2 * QUANTUM, 2)], 'photo.jpg', { lastModified: 2_000 });
    const success = nextEvent(element, 'upload-success');
    element.addFiles([other]);
    const { result } = (await success).detail;
    expect(result.sessionUri).not.toBe(sessionUri);
    await expectStored(result, other);
    await rowsAfterConnect(element, 1);
  });

  it('Discard forgets the upload and cancels its session on the server', async () => {
    const url = endpoint();
    const sessionUri = await interrupt(patternFile(2 * QUANTUM, 'old.bin'), url);
    const element = await mount({ endpoint: url });
    const [row] = await rowsAfterConnect(element, 1);

    const discard = row!.querySelector<HTMLButtonElement>('[part~="discard-button"]')!;
    expect(discard.getAttribute('aria-label')).toBe('Discard old.bin');
    discard.click();
    await rowsAfterConnect(element, 0);
    await until(async () => (await listStoredUploads(url)).length === 0, 'the record is gone');
    // DELETE on the session URI, as Google's protocol cancels one: the server answers 404 after.
    await until(async () => (await sessionLog(sessionUri)).expired, 'the session is cancelled');
    const query = await fetch(sessionUri, { method: 'PUT', headers: { 'Content-Range': `bytes */${2 * QUANTUM}` } });
    expect(query.status).toBe(404);
    // The empty state is back.
    await element.updateComplete;
    expect(shadow(element).querySelector('[part~="empty"]')).not.toBeNull();
  });

  it("Discard of a record whose session URI is on another origin forgets it and sends that origin nothing", async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'crafted.bin'), url);
    const elsewhere = await script([]);
    const [record] = await listStoredUploads(url);
    // A crafted record (or one of another app on this origin): the engine would refuse to take it up.
    await set(record!.fingerprint, { ...record!, sessionUri: `${elsewhere.otherOrigin}/session?upload_id=crafted` }, createStore('resumable-upload', 'sessions'));
    const element = await mount({ endpoint: url });
    const [row] = await rowsAfterConnect(element, 1);
    row!.querySelector<HTMLButtonElement>('[part~="discard-button"]')!.click();
    await rowsAfterConnect(element, 0);
    await until(async () => (await listStoredUploads(url)).length === 0, 'the record is gone');
    await rowsOnceSettled(element);
    expect(await elsewhere.requests()).toEqual([]);
  });

  it('a file chosen again gets its folder path back, so metadata made from the path finds the same session', async () => {
    const url = endpoint();
    const path = 'reports/2024/report.pdf';
    const file = patternFile(3 * QUANTUM + 7, 'report.pdf');
    // An earlier page uploaded a folder with each file's path as its name, and was closed midway.
    const interrupted = new Upload(file, {
      endpoint: url,
      chunkSize: QUANTUM,
      retry: fast,
      metadata: { name: path },
      relativePath: path,
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
    });
    expect((await rejection(interrupted.start())).code).toBe('http');
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) }, (el) => {
      el.metadata = (_, item) => ({ name: item.relativePath });
    });
    const [row] = await rowsAfterConnect(element, 1);
    expect(row!.querySelector('[part~="name"]')!.textContent).toBe(path);

    const picker = shadow(element).querySelector('input')!;
    picker.addEventListener('click', (event) => event.preventDefault(), { once: true }); // no real dialog in a test
    row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!.click();
    const added = nextEvent(element, 'upload-add');
    const success = nextEvent(element, 'upload-success');
    pick(element, file); // the file input gives the name alone
    expect((await added).detail.relativePath).toBe(path);
    const { result, item } = (await success).detail;
    expect(item.relativePath).toBe(path);
    expect(result.sessionUri).toBe(interrupted.sessionUri);
    await expectStored(result, file);
    await expectFirstChunkSentOnce(interrupted.sessionUri!, file);
  });

  it("a file that comes with a folder path of its own keeps it, not the interrupted record's", async () => {
    const url = endpoint();
    const file = patternFile(3 * QUANTUM + 7, 'report.pdf');
    const interrupted = new Upload(file, {
      endpoint: url,
      chunkSize: QUANTUM,
      retry: fast,
      relativePath: 'reports/2024/report.pdf',
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
    });
    expect((await rejection(interrupted.start())).code).toBe('http');
    const element = await mount({ endpoint: url, auto: 'false' });
    await rowsAfterConnect(element, 1);
    // The same file from another folder (a folder chosen or dropped gives each file its path).
    Object.defineProperty(file, 'webkitRelativePath', { value: 'copies/report.pdf' });
    const added = nextEvent(element, 'upload-add');
    const [item] = element.addFiles([file]);
    expect((await added).detail.relativePath).toBe('copies/report.pdf');
    expect(item!.relativePath).toBe('copies/report.pdf');
  });

  it('follows its endpoint, and shows nothing for an endpoint with no interrupted upload', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'a.bin'), url);
    const element = await mount();
    await rowsAfterConnect(element, 0);
    element.endpoint = url;
    await rowsAfterConnect(element, 1);
  });
  it('a dropped file that matches replaces its row and goes on from the server offset', async () => {
    const url = endpoint();
    const file = patternFile(3 * QUANTUM + 5, 'dropped.mov');
    const sessionUri = await interrupt(file, url);
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) });
    await rowsAfterConnect(element, 1);

    const data = new DataTransfer();
    data.items.add(file);
    const success = nextEvent(element, 'upload-success');
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
    await rowsAfterConnect(element, 0);
    const { result } = (await success).detail;
    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
    await expectFirstChunkSentOnce(sessionUri, file);
  });

  it('does not list an upload a tab is running (its lock is held), nor its own files after a move', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'crashed.bin'), url);
    const running = await pausedMidway(patternFile(8 * QUANTUM, 'running.bin'), url);
    try {
      expect((await listStoredUploads(url)).map((record) => record.name).sort()).toEqual(['crashed.bin', 'running.bin']);
      const element = await mount({ endpoint: url });
      const [row] = await rowsAfterConnect(element, 1);
      expect(row!.querySelector('[part~="name"]')!.textContent).toBe('crashed.bin');
    } finally {
      running.abort();
    }

    // A failed upload of the element keeps its record; moved in the page, the element lists it once, as its own row.
    const element = await mount({ endpoint: url, 'chunk-size': String(QUANTUM) });
    element.headers = faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]);
    const failed = nextEvent(element, 'upload-error');
    element.addFiles([patternFile(2 * QUANTUM, 'own.bin')]);
    await failed;
    expect((await listStoredUploads(url)).map((record) => record.name).sort()).toEqual(['crashed.bin', 'own.bin']);
    document.body.prepend(element);
    const rows = await rowsOnceSettled(element);
    expect(rows.map((row) => row.querySelector('[part~="name"]')!.textContent)).toEqual(['crashed.bin']);
    expect(element.items.map((item) => item.status)).toEqual(['failed']);
  });

  it('store="false" keeps no session and lists nothing; store back on lists again', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'kept.bin'), url);
    const listing = await mount({ endpoint: url });
    await rowsAfterConnect(listing, 1);
    const element = await mount({ endpoint: url, store: 'false', 'chunk-size': String(QUANTUM) });
    expect(await rowsOnceSettled(element)).toEqual([]);
    expect(liveRegion(element)).toBe('');

    element.headers = faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]);
    const failed = nextEvent(element, 'upload-error');
    element.addFiles([patternFile(2 * QUANTUM, 'not-kept.bin')]);
    await failed;
    expect((await listStoredUploads(url)).map((record) => record.name)).toEqual(['kept.bin']);

    element.store = true;
    const [row] = await rowsAfterConnect(element, 1);
    expect(row!.querySelector('[part~="name"]')!.textContent).toBe('kept.bin');
  });
  it('speaks every shipped language: the row, its buttons and the note, without axe violations', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'سند.pdf'), url);
    for (const [lang, translation] of shippedLocales) {
      registerLocale(lang, translation);
      const strings = { ...en, ...announceEnglish, ...translation };
      const element = await mount({ endpoint: url, lang, dir: RIGHT_TO_LEFT.has(lang) ? 'rtl' : 'ltr' });
      const [row] = await rowsAfterConnect(element, 1);
      const again = row!.querySelector<HTMLButtonElement>('[part~="choose-again-button"]')!;
      expect(again.textContent!.trim()).toBe(strings.chooseAgain);
      expect(again.getAttribute('aria-label')).toBe(strings.chooseAgainLabel.replace('{name}', 'سند.pdf'));
      expect(row!.querySelector('[part~="discard-button"]')!.getAttribute('aria-label')).toBe(strings.discard.replace('{name}', 'سند.pdf'));
      await announced(element, strings.announceInterrupted);
      await expectNoAxeViolations(element);
      element.remove();
    }
    expect(await listStoredUploads(url)).toHaveLength(1); // looking changes nothing
  });
});

describe('an interrupted row asks its session where it stands', () => {
  /** Every status and bar value an element's interrupted rows rendered, from its first render on. */
  const rendered = (element: ResumableUploadElement) => {
    const seen: { status: string; valuenow: string | null; valuetext: string | null }[] = [];
    element.addController({
      hostUpdated: () => {
        for (const row of interruptedRows(element)) {
          const bar = row.querySelector('[role=progressbar]')!;
          seen.push({ status: statusOf(row), valuenow: bar.getAttribute('aria-valuenow'), valuetext: bar.getAttribute('aria-valuetext') });
        }
      },
    });
    return seen;
  };

  it("shows the bytes the server holds, not its record's older figure: no figure until it answers, never 0 %", async () => {
    const url = endpoint();
    const file = patternFile(2 * QUANTUM, 'half.bin');
    // Stopped by a refused first chunk: the record says the server has nothing.
    const upload = new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast, metadata: { name: file.name }, headers: faultHeaders([{ kind: 'status', status: 400 }]) });
    expect((await rejection(upload.start())).code).toBe('http');
    expect((await listStoredUploads(url)).map((record) => record.bytesCommitted)).toEqual([0]);
    // The first half reached the server all the same (its answer lost, the tab closed as it came).
    const put = await fetch(upload.sessionUri!, { method: 'PUT', headers: { 'Content-Range': `bytes 0-${QUANTUM - 1}/${file.size}` }, body: file.slice(0, QUANTUM) });
    expect(put.status).toBe(308);

    let seen: ReturnType<typeof rendered> = [];
    const element = await mount({ endpoint: url }, (el) => (seen = rendered(el)));
    const [row] = await rowsAfterConnect(element, 1);
    await until(async () => (await element.updateComplete, statusOf(row!).includes('50%')), () => `the server's 50% (the row says "${statusOf(row!)}")`);
    expect(statusOf(row!)).toBe('Interrupted at 50%: choose the file again to resume');
    expect(row!.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).toBe('50');
    // Before the answer, words and no figure: no value on the bar, no percent anywhere.
    expect(seen.length).toBeGreaterThan(0);
    for (const state of seen) {
      if (state.status.includes('50%')) expect(state.valuenow).toBe('50');
      else expect(state).toEqual({ status: 'Interrupted: asking the server how far it got', valuenow: null, valuetext: 'Interrupted: asking the server how far it got' });
    }
    const log = await sessionLog(upload.sessionUri!);
    expect(log.requests.at(-1)!.contentRange).toBe(`bytes */${file.size}`); // the status query
    await expectNoAxeViolations(element);
  });

  it('says so when the session is gone (404), with no figure of what the record kept', async () => {
    const url = endpoint();
    const sessionUri = await interrupt(patternFile(4 * QUANTUM, 'gone.bin'), url);
    expect((await fetch(sessionUri, { method: 'DELETE' })).status).toBe(499);

    const element = await mount({ endpoint: url });
    const [row] = await rowsAfterConnect(element, 1);
    await until(async () => (await element.updateComplete, !statusOf(row!).includes('asking')), () => `an answer (the row says "${statusOf(row!)}")`);
    expect(statusOf(row!)).toBe('Interrupted: the server no longer has it, so it starts over');
    expect(statusOf(row!)).not.toContain('%');
    const bar = row!.querySelector('[role=progressbar]')!;
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuetext')]).toEqual(['0', 'Interrupted: the server no longer has it, so it starts over']);
    await expectNoAxeViolations(element);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerLocale } from '../../../src/element.ts';
import { fa } from '../../../src/element/locales/fa.ts';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { clearStoredUploads } from '../../../src/storage/stored-uploads.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint, faultHeaders } from '../support/server.ts';
import { interrupt, rowsAfterConnect } from './support/interrupted.ts';
import { announced, liveRegionText, mount, reachStatus } from './support/fixture.ts';
import { until } from '../../support/until.ts';

/** Every change of what the live region says: the log a screen reader would hear. */
function recordLiveRegion(element: ResumableUploadElement): string[] {
  const log: string[] = [];
  const region = element.shadowRoot!.querySelector('[role="status"]')!;
  new MutationObserver(() => {
    const text = liveRegionText(element);
    if (text !== log.at(-1)) log.push(text);
  }).observe(region, { childList: true, subtree: true, characterData: true });
  return log;
}

/** Every sentence the live region takes, in order: its paragraphs, each time it changes. */
function recordSentences(element: ResumableUploadElement): string[] {
  const said: string[] = [];
  const region = element.shadowRoot!.querySelector('[role="status"]')!;
  let last = '';
  new MutationObserver(() => {
    const text = liveRegionText(element);
    if (text === last) return;
    last = text;
    said.push(...[...region.children].map((paragraph) => paragraph.textContent!.trim()));
  }).observe(region, { childList: true, subtree: true, characterData: true });
  return said;
}

/** Waits until the region has said `count` sentences, then a little more for any it should not say. */
async function sentences(said: string[], count: number, element: ResumableUploadElement): Promise<string[]> {
  await until(() => said.length >= count, () => `${count} sentences (said so far: ${JSON.stringify(said)})`);
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the next message could come a second after the last
  await element.updateComplete;
  return said;
}

beforeEach(() => clearStoredUploads());

describe('<resumable-upload> live region', () => {
  let online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  afterEach(() => {
    online = true;
  });

  it('says when a file is not added, and why', async () => {
    const element = await mount({ multiple: true, accept: 'image/*' });
    element.addFiles([patternFile(10, 'notes.txt', 'text/plain')]);
    await announced(element, 'notes.txt not added: this type of file is not accepted (accepted: image/*)');
  });

  it('says "retrying in N s" when an upload waits to try again', async () => {
    const element = await mount({}, (el) => {
      el.prepare = () => ({ retry: { retries: 2, baseDelayMs: 2500, maxDelayMs: 2500 }, headers: faultHeaders([{ kind: 'status', status: 503 }]) });
    });
    const [item] = element.addFiles([patternFile(10, 'flaky.bin')]);
    await announced(element, /^flaky\.bin: retrying in [123] sec$/);
    await reachStatus(element, item!, 'done');
  });

  it('says "offline" when an upload waits for the network', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => {
      el.prepare = () => ({ retry: { retries: 0 }, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'reset', afterBytes: 1000, commitBytes: 0 }]) });
    });
    element.addEventListener('upload-progress', () => (online = false), { once: true });
    const [item] = element.addFiles([patternFile(3 * QUANTUM, 'train.bin')]);
    await reachStatus(element, item!, 'offline');
    await announced(element, 'train.bin: offline, waiting for the network');
    online = true;
    window.dispatchEvent(new Event('online'));
    await reachStatus(element, item!, 'done');
  });

  it('says a burst of changes as one summary: its start and its end, nothing per file', async () => {
    const element = await mount({ multiple: true, concurrency: '7' });
    const said = recordSentences(element);
    const items = element.addFiles(Array.from({ length: 7 }, (_, i) => patternFile(100 + i, `burst-${i}.bin`)));
    for (const item of items) await reachStatus(element, item, 'done');
    // Seven starts and seven finishes, two messages. (The second a second after the first, at least:
    // on a virtual clock in test/node/announcer-gap.test.ts, as a busy page renders late.)
    expect(await sentences(said, 2, element)).toEqual([expect.stringMatching(/^Uploading [1-7] files$/), 'Uploads: 7 done, 0 failed, 0 left']);
  });

  it('says once that the network went, with the files it holds up, and once that it is back', async () => {
    const element = await mount({ multiple: true, concurrency: '1', 'chunk-size': String(QUANTUM) }, (el) => {
      el.prepare = (file) =>
        file.name === 'train.bin' ? { retry: { retries: 0 }, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'reset', afterBytes: 1000, commitBytes: 0 }]) } : {};
    });
    const said = recordSentences(element);
    element.addEventListener('upload-progress', () => (online = false), { once: true });
    // The second file waits in the queue (concurrency 1) while the first waits for the network.
    const items = element.addFiles([patternFile(3 * QUANTUM, 'train.bin'), patternFile(QUANTUM, 'tunnel.bin')]);
    await reachStatus(element, items[0]!, 'offline');
    expect(await sentences(said, 2, element)).toEqual(['Uploading 2 files', 'Offline: 2 files wait for the network']);
    online = true;
    window.dispatchEvent(new Event('online'));
    for (const item of items) await reachStatus(element, item, 'done');
    expect(await sentences(said, 4, element)).toEqual([
      'Uploading 2 files',
      'Offline: 2 files wait for the network',
      'Back online: resuming 2 files',
      'Uploads: 2 done, 0 failed, 0 left',
    ]);
  });

  it('says a batch of 20 files at its start and its end, not every second', async () => {
    const element = await mount({ multiple: true, concurrency: '2', 'chunk-size': String(QUANTUM) }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 60, times: 1000 }])));
    const said = recordSentences(element);
    const items = element.addFiles(Array.from({ length: 20 }, (_, i) => patternFile(2 * QUANTUM + i, `batch-${i}.bin`)));
    for (const item of items) await reachStatus(element, item, 'done');
    expect(await sentences(said, 2, element)).toEqual(['Uploading 20 files', 'Uploads: 20 done, 0 failed, 0 left']);
  });

  it('says a failure in a batch by name, when it happens, then the summary', async () => {
    const element = await mount({ multiple: true }, (el) => {
      el.prepare = (file) => (file.name === 'bad.bin' ? { retry: { retries: 0 }, headers: faultHeaders([{ kind: 'status', status: 403 }]) } : {});
    });
    const said = recordSentences(element);
    const items = element.addFiles(['a.bin', 'bad.bin', 'c.bin', 'd.bin'].map((name) => patternFile(QUANTUM, name)));
    for (const item of items) await reachStatus(element, item, item.file.name === 'bad.bin' ? 'failed' : 'done');
    expect(await sentences(said, 3, element)).toEqual(['Uploading 4 files', 'bad.bin failed: the server refused it (HTTP 403)', 'Uploads: 3 done, 1 failed, 0 left']);
  });

  it('counts the rejections after the third, and the summary counts files not added', async () => {
    // The server holds each request: the batch is said to start a message before it ends.
    const element = await mount({ multiple: true, accept: 'image/*' }, (el) => (el.headers = faultHeaders([{ kind: 'delay', ms: 1500, times: 10 }])));
    const said = recordSentences(element);
    const texts = ['a', 'b', 'c', 'd', 'e'].map((name) => patternFile(10, `${name}.txt`, 'text/plain'));
    const items = element.addFiles([...texts, patternFile(10, 'one.png', 'image/png'), patternFile(10, 'two.png', 'image/png')]);
    for (const item of items) await reachStatus(element, item, 'done');
    const rejected = ['a', 'b', 'c'].map((name) => `${name}.txt not added: this type of file is not accepted (accepted: image/*)`);
    expect(await sentences(said, 6, element)).toEqual([...rejected, '2 more files not added', 'Uploading 2 files', 'Uploads: 2 done, 0 failed, 5 not added, 0 left']);
  });

  it('does not speak again when the language changes', async () => {
    registerLocale('fa', fa);
    const element = await mount();
    const [item] = element.addFiles([patternFile(10, 'once.bin')]);
    await reachStatus(element, item!, 'done');
    const said = await announced(element, 'once.bin uploaded');
    const log = recordLiveRegion(element);
    element.lang = 'fa';
    await element.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await element.updateComplete;
    expect(liveRegionText(element)).toBe(said);
    expect(log).toEqual([]);
  });

  it('says "Some uploads were interrupted" once for three elements on one endpoint', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, 'shared.bin'), url);
    const elements = [await mount({ endpoint: url }), await mount({ endpoint: url }), await mount({ endpoint: url })];
    for (const element of elements) await rowsAfterConnect(element, 1);
    await until(() => elements.some((element) => liveRegionText(element) !== ''), 'one of them speaks');
    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a second one, which must not speak
    await Promise.all(elements.map((element) => element.updateComplete));
    const saying = elements.filter((element) => liveRegionText(element) !== '');
    expect(saying.map(liveRegionText)).toEqual(['Some uploads were interrupted: resume or discard them below']);
  });
});

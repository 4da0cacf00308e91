import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUSES } from './support/statuses.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { faultHeaders, sessionLog, storedFile } from '../support/server.ts';
import { mount, nextEvent, reachStatus, shadow, UPLOAD_EVENTS } from './support/fixture.ts';
import type { ResumableUploadElement } from '../../../src/element.ts';

/** The most items active at once, sampled at every event the element fires. */
function peakActive(element: ResumableUploadElement): () => number {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, element.items.filter((item) => ACTIVE_STATUSES.includes(item.status)).length));
  for (const type of UPLOAD_EVENTS) element.addEventListener(type, sample);
  return () => peak;
}

// Each chunk waits 30 ms at the server, so uploads overlap long enough to be seen overlapping.
const slowChunks = faultHeaders([{ kind: 'delay', ms: 30, times: 100 }]);

describe('<resumable-upload> attributes and methods', () => {
  it('uploads `concurrency` files at a time, in the order added', async () => {
    const element = await mount({ multiple: true, concurrency: '2', 'chunk-size': String(QUANTUM) }, (el) => (el.headers = slowChunks));
    const peak = peakActive(element);
    const order: string[] = [];
    element.addEventListener('upload-start', (event) => order.push(event.detail.file.name));
    const items = element.addFiles(['a', 'b', 'c', 'd'].map((name) => patternFile(3 * QUANTUM, name)));
    expect(items.map((item) => item.status)).toEqual(['starting', 'starting', 'queued', 'queued']);
    for (const item of items) await reachStatus(element, item, 'done');
    expect(peak()).toBe(2);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('uploads 4 files at a time by default', async () => {
    const element = await mount({ multiple: true, 'chunk-size': String(QUANTUM) }, (el) => (el.headers = slowChunks));
    const peak = peakActive(element);
    const items = element.addFiles(['a', 'b', 'c', 'd', 'e'].map((name) => patternFile(3 * QUANTUM, name)));
    expect(items.map((item) => item.status)).toEqual(['starting', 'starting', 'starting', 'starting', 'queued']);
    for (const item of items) await reachStatus(element, item, 'done');
    expect(peak()).toBe(4);
  });

  it('takes more places at once when concurrency is raised', async () => {
    const element = await mount({ multiple: true, concurrency: '1', 'chunk-size': String(QUANTUM) }, (el) => (el.headers = slowChunks));
    const items = element.addFiles(['a', 'b', 'c'].map((name) => patternFile(4 * QUANTUM, name)));
    expect(items.map((item) => item.status)).toEqual(['starting', 'queued', 'queued']);
    element.concurrency = 3;
    await element.updateComplete;
    // None waits for a place any more (the first may be uploading by now, on a fast or a slow machine).
    expect(items.map((item) => item.status !== 'queued')).toEqual([true, true, true]);
    for (const item of items) await reachStatus(element, item, 'done');
  });

  it('waits with auto="false" until Start or startAll()', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const [first, second] = element.addFiles([patternFile(10, 'one'), patternFile(10, 'two')]);
    await element.updateComplete;
    expect(first!.status).toBe('ready');
    expect(shadow(element).querySelector('[data-action=start]')?.getAttribute('aria-label')).toBe('Start one');
    (shadow(element).querySelector('[data-action=start]') as HTMLButtonElement).click();
    await reachStatus(element, first!, 'done');
    expect(second!.status).toBe('ready');
    element.startAll();
    await reachStatus(element, second!, 'done');
  });

  it('pauses one file (its place goes to the next), resumes it after, and stores both whole', async () => {
    const element = await mount({ multiple: true, 'chunk-size': String(QUANTUM) }, (el) => (el.headers = slowChunks));
    const files = [patternFile(6 * QUANTUM + 7, 'first'), patternFile(2 * QUANTUM, 'second')];
    const [first, second] = element.addFiles(files);
    await nextEvent(element, 'upload-progress', (event) => event.detail.bytesCommitted >= QUANTUM);
    first!.pause();
    await reachStatus(element, first!, 'paused');
    const pausedAt = first!.bytesCommitted;
    expect(pausedAt).toBeLessThan(files[0]!.size);
    await reachStatus(element, second!, 'done');
    expect(first!.bytesCommitted).toBe(pausedAt);

    const success = nextEvent(element, 'upload-success', (event) => event.detail.item === first);
    first!.resume();
    const { result } = (await success).detail;
    await expectStored(result, files[0]!);
    const session = await sessionLog(result.sessionUri!);
    // Nothing was sent twice beyond the chunk cancelled by the pause.
    expect(session.bytesReceived).toBeLessThanOrEqual(files[0]!.size + QUANTUM);
  });

  it('pauseAll, resumeAll and cancelAll act on every file', async () => {
    const element = await mount({ multiple: true, concurrency: '2', 'chunk-size': String(QUANTUM) }, (el) => (el.headers = slowChunks));
    const items = element.addFiles(['a', 'b', 'c'].map((name) => patternFile(8 * QUANTUM, name)));
    await nextEvent(element, 'upload-progress');
    element.pauseAll();
    for (const item of items) await reachStatus(element, item, 'paused');
    element.resumeAll();
    expect(items.filter((item) => item.status === 'queued').length + items.filter((item) => item.status === 'starting').length).toBe(3);
    await nextEvent(element, 'upload-progress');
    element.cancelAll();
    expect(items.map((item) => item.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('sends `upload-type`, the default metadata (the name) and a metadata function', async () => {
    const element = await mount({ multiple: true, 'upload-type': 'multipart' });
    const success = nextEvent(element, 'upload-success');
    const file = patternFile(5000, 'named.txt', 'text/plain');
    element.addFiles([file]);
    const { result, upload } = (await success).detail;
    expect(upload.uploadType).toBe('multipart');
    expect(result.sessionUri).toBeUndefined();
    expect((await storedFile((result.body as { id: string }).id)).name).toBe('named.txt');

    element.uploadType = 'resumable';
    element.metadata = (f) => ({ name: `renamed-${f.name}`, description: 'from a function' });
    const next = nextEvent(element, 'upload-success');
    element.addFiles([file]);
    const stored = await storedFile(((await next).detail.result.body as { id: string }).id);
    expect(stored.name).toBe('renamed-named.txt');
    expect(stored.metadata.description).toBe('from a function');
  });

  it('sends media uploads without metadata', async () => {
    const element = await mount({ 'upload-type': 'media' });
    const success = nextEvent(element, 'upload-success');
    const file = patternFile(4000, 'raw.bin');
    element.addFiles([file]);
    const { result, upload } = (await success).detail;
    expect(upload.uploadType).toBe('media');
    await expectStored(result, file);
  });

  it('uses chunk-size for every request, and calls the headers function for requests', async () => {
    let calls = 0;
    const element = await mount({ 'chunk-size': String(2 * QUANTUM) }, (el) => {
      el.headers = async () => {
        calls++;
        return { 'X-Request-Id': String(calls) };
      };
    });
    const success = nextEvent(element, 'upload-success');
    const file = patternFile(5 * QUANTUM, 'chunked');
    element.addFiles([file]);
    const { result } = (await success).detail;
    const chunks = (await sessionLog(result.sessionUri!)).requests.filter((request) => request.kind === 'chunk');
    expect(chunks.map((chunk) => chunk.contentRange)).toEqual([
      `bytes 0-${2 * QUANTUM - 1}/${5 * QUANTUM}`,
      `bytes ${2 * QUANTUM}-${4 * QUANTUM - 1}/${5 * QUANTUM}`,
      `bytes ${4 * QUANTUM}-${5 * QUANTUM - 1}/${5 * QUANTUM}`,
    ]);
    expect(calls).toBeGreaterThanOrEqual(4);
  });

  it('takes prepare() options per file, e.g. a session started by a backend', async () => {
    const element = await mount();
    const file = patternFile(3 * QUANTUM, 'prepared');
    const sessionUri = await (async () => {
      const response = await fetch(`${element.endpoint}?uploadType=resumable`, { method: 'POST', headers: { 'X-Upload-Content-Length': String(file.size) } });
      return response.headers.get('Location')!;
    })();
    element.prepare = async () => ({ sessionUri });
    const success = nextEvent(element, 'upload-success');
    element.addFiles([file]);
    const { result } = (await success).detail;
    expect(result.sessionUri).toBe(sessionUri);
    await expectStored(result, file);
  });
});

import { describe, expect, it } from 'vitest';
import { isUploadError } from '../../../src/index.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { faultHeaders, sessionLog } from '../support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, nextEvent, reachStatus, recordEvents, shadow } from './support/fixture.ts';
import { until } from '../../support/until.ts';

const strip = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '').trim();

/** The log without repeated progress events, which depend on chunking. */
const compact = (log: string[]) => log.filter((entry, i) => !(entry.startsWith('upload-progress') && log[i - 1] === entry));

describe('<resumable-upload> events', () => {
  it('fires add, start, progress and success in that order, bubbling and composed, with typed details', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) });
    const log = recordEvents(document);
    const progress: number[] = [];
    element.addEventListener('upload-progress', (event) => {
      expect(event.detail.bytesTotal).toBe(3 * QUANTUM);
      expect(event.detail.upload.bytesCommitted).toBe(event.detail.bytesCommitted);
      progress.push(event.detail.bytesCommitted);
    });
    const success = nextEvent(element, 'upload-success');
    const file = patternFile(3 * QUANTUM, 'a.bin');
    element.addFiles([file]);
    const { detail, bubbles, composed } = await success;
    expect({ bubbles, composed }).toEqual({ bubbles: true, composed: true });
    expect(detail.file).toBe(file);
    expect(detail.item.status).toBe('done');
    expect(detail.upload.state).toBe('done');
    expect(detail.result.status).toBe(201);
    await expectStored(detail.result, file);
    expect(compact(log)).toEqual(['upload-add:a.bin', 'upload-start:a.bin', 'upload-progress:a.bin', 'upload-success:a.bin']);
    expect(progress).toEqual([QUANTUM, 2 * QUANTUM, 3 * QUANTUM]);
  });

  it('lets upload-add be cancelled: the file is listed as rejected, with the page\'s words if it gives some, and not sent', async () => {
    const element = await mount({ multiple: true });
    element.addEventListener('upload-add', (event) => {
      const { name } = event.detail.file;
      if (name === 'keep.bin') return;
      event.preventDefault();
      if (name === 'worded.bin') event.detail.message = 'Invoices only, please';
    });
    const log = recordEvents(element);
    const reasons: string[] = [];
    element.addEventListener('upload-reject', (event) => reasons.push(`${event.detail.file.name}:${event.detail.reason}`));
    const added = element.addFiles([patternFile(10, 'skip.bin'), patternFile(10, 'worded.bin'), patternFile(10, 'keep.bin')]);
    expect(added.map((item) => item.file.name)).toEqual(['keep.bin']);
    expect(element.items.map((item) => `${item.file.name}:${item.rejection}`)).toEqual([
      'skip.bin:cancelled-by-app',
      'worded.bin:cancelled-by-app',
      'keep.bin:undefined',
    ]);
    expect(reasons).toEqual(['skip.bin:cancelled-by-app', 'worded.bin:cancelled-by-app']);
    await reachStatus(element, added[0]!, 'done');
    const statuses = [...shadow(element).querySelectorAll('[data-status=rejected] [part=status]')].map((status) => strip(status.textContent));
    expect(statuses).toEqual(['Not added: the page did not accept it', 'Not added: Invoices only, please']);
    expect(compact(log)).toEqual([
      'upload-add:skip.bin',
      'upload-reject:skip.bin',
      'upload-add:worded.bin',
      'upload-reject:worded.bin',
      'upload-add:keep.bin',
      'upload-start:keep.bin',
      'upload-progress:keep.bin',
      'upload-success:keep.bin',
    ]);
  });

  it('leaves a file out without a row nor upload-reject when the cancelling page sets detail.silent', async () => {
    const element = await mount({ multiple: true });
    element.addEventListener('upload-add', (event) => {
      if (event.detail.file.name !== 'skip.bin') return;
      event.preventDefault();
      event.detail.silent = true;
    });
    const log = recordEvents(element);
    const added = element.addFiles([patternFile(10, 'skip.bin'), patternFile(10, 'keep.bin')]);
    expect(element.items.map((item) => item.file.name)).toEqual(['keep.bin']);
    await reachStatus(element, added[0]!, 'done');
    expect(log).toEqual(['upload-add:skip.bin', 'upload-add:keep.bin', 'upload-start:keep.bin', 'upload-progress:keep.bin', 'upload-success:keep.bin']);
  });

  it('rejects by min-file-size, max-files and max-total-size, each with its reason, counting only files kept', async () => {
    const element = await mount({ multiple: true, auto: 'false', 'min-file-size': '1', 'max-files': '3', 'max-total-size': '250' });
    const reasons: string[] = [];
    element.addEventListener('upload-reject', (event) => reasons.push(`${event.detail.file.name}:${event.detail.reason}`));
    element.addFiles([
      patternFile(0, 'empty.txt'),
      patternFile(100, 'a.bin'),
      patternFile(100, 'b.bin'),
      patternFile(100, 'too-much.bin'),
      patternFile(50, 'c.bin'),
      patternFile(1, 'd.bin'),
    ]);
    expect(reasons).toEqual(['empty.txt:min-file-size', 'too-much.bin:max-total-size', 'd.bin:max-files']);
    expect(element.items.filter((item) => item.status === 'ready').map((item) => item.file.name)).toEqual(['a.bin', 'b.bin', 'c.bin']);
    await element.updateComplete;
    const statuses = [...shadow(element).querySelectorAll('[data-status=rejected] [part=status]')].map((status) => strip(status.textContent));
    expect(statuses).toEqual([
      'Not added: it is smaller than 1 byte',
      'Not added: all the files together would be larger than 250 bytes',
      'Not added: too many files (the limit is 3)',
    ]);
    // Removing a row frees its place and its bytes; a cancelled one does too.
    element.items.find((item) => item.file.name === 'a.bin')!.remove();
    element.items.find((item) => item.file.name === 'b.bin')!.cancel();
    const [again] = element.addFiles([patternFile(190, 'e.bin')]);
    expect(again?.status).toBe('ready');
    expect(element.addFiles([patternFile(20, 'f.bin')])).toEqual([]);
    expect(reasons.at(-1)).toBe('f.bin:max-total-size');
    await expectNoAxeViolations(element);
  });

  it('fires upload-reject with the reason for accept, max-file-size and multiple', async () => {
    const element = await mount({ accept: 'image/*,.pdf', 'max-file-size': '1000', auto: 'false' });
    const reasons: string[] = [];
    element.addEventListener('upload-reject', (event) => {
      expect(event.detail.item.status).toBe('rejected');
      reasons.push(`${event.detail.file.name}:${event.detail.reason}`);
    });
    element.addFiles([
      patternFile(10, 'notes.txt', 'text/plain'),
      patternFile(5000, 'huge.png', 'image/png'),
      patternFile(10, 'scan.PDF', ''),
      patternFile(10, 'photo.jpg', 'image/jpeg'),
    ]);
    expect(reasons).toEqual(['notes.txt:accept', 'huge.png:max-file-size', 'photo.jpg:multiple']);
    expect(element.items.map((item) => `${item.file.name}:${item.status}`)).toEqual([
      'notes.txt:rejected',
      'huge.png:rejected',
      'scan.PDF:ready',
      'photo.jpg:rejected',
    ]);
  });

  it('fires upload-error with the UploadError after the retries, then start and success again on retry', async () => {
    // Every chunk of the first run gets a 503; one retry allowed, so the upload fails with 'network'.
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => {
      el.prepare = () => ({ retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 }, headers: faultHeaders([{ kind: 'status', status: 503, times: 2 }]) });
    });
    const log = recordEvents(element);
    const failure = nextEvent(element, 'upload-error');
    const file = patternFile(2 * QUANTUM + 1, 'flaky.bin');
    const [item] = element.addFiles([file]);
    const { detail } = await failure;
    expect(isUploadError(detail.error) && detail.error.code).toBe('network');
    expect(detail.item).toBe(item);
    expect(item!.status).toBe('failed');

    const success = nextEvent(element, 'upload-success');
    item!.retry();
    const { result } = (await success).detail;
    await expectStored(result, file);
    const session = await sessionLog(result.sessionUri!);
    expect(session.requests.filter((request) => request.status === 503)).toHaveLength(2);
    expect(compact(log)).toEqual([
      'upload-add:flaky.bin',
      'upload-start:flaky.bin',
      'upload-progress:flaky.bin', // the status query after the 503: 0 bytes committed
      'upload-error:flaky.bin',
      'upload-start:flaky.bin',
      'upload-progress:flaky.bin',
      'upload-success:flaky.bin',
    ]);
  });

  it('fires upload-error without an upload when prepare throws', async () => {
    const element = await mount({}, (el) => {
      el.prepare = async () => {
        throw new Error('no token');
      };
    });
    const failure = nextEvent(element, 'upload-error');
    element.addFiles([patternFile(10, 'x.bin')]);
    const { detail } = await failure;
    expect(detail.upload).toBeUndefined();
    expect(detail.error.message).toBe('no token');
  });

  it('fires upload-cancel when an upload is cancelled mid-way, and the session sends nothing more', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) });
    const [item] = element.addFiles([patternFile(8 * QUANTUM, 'long.bin')]);
    await nextEvent(element, 'upload-progress');
    const cancelled = nextEvent(element, 'upload-cancel');
    item!.cancel();
    const { detail } = await cancelled;
    expect(detail.item.status).toBe('cancelled');
    expect(detail.upload?.state).toBe('aborted');
    // Cancelled for good: the session is ended on the server too (a DELETE), not left to expire.
    const session = await until(async () => {
      const session = await sessionLog(detail.upload!.sessionUri!);
      return session.expired && session;
    }, 'the session is cancelled');
    expect(session.complete).toBe(false);
  });

  it('fires upload-cancel without an upload for a file cancelled before it started', async () => {
    const element = await mount({ auto: 'false' });
    const [item] = element.addFiles([patternFile(10, 'later.bin')]);
    const cancelled = nextEvent(element, 'upload-cancel');
    element.cancelAll();
    expect((await cancelled).detail.upload).toBeUndefined();
    expect(item!.status).toBe('cancelled');
  });

  it('treats a cancel in the moment between the engine finishing and the result arriving as too late', async () => {
    const element = await mount();
    const log = recordEvents(element);
    element.addEventListener('upload-start', ({ detail }) => {
      detail.upload.addEventListener('statechange', (event) => event.detail.state === 'done' && detail.item.cancel());
    });
    const success = nextEvent(element, 'upload-success');
    const file = patternFile(1000, 'just-done.bin');
    element.addFiles([file]);
    await expectStored((await success).detail.result, file);
    expect(log.filter((entry) => entry.startsWith('upload-cancel'))).toEqual([]);
    expect(element.items[0]!.status).toBe('done');
  });
});

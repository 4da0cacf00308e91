// The queue with no view (`resumable-upload/queue`): the real engine against the reference server.
// What the element does with a list, driven directly; order and bytes come from the server's log.
import { afterEach, describe, expect, it } from 'vitest';
import { UploadQueue, type UploadItem, type UploadQueueEventMap } from '../../../src/queue.ts';
import { Upload, clearStoredUploads, isUploadError, listStoredUploads } from '../../../src/index.ts';
import { expectStored } from '../support/expect-stored.ts';
import { QUANTUM, patternFile } from '../support/files.ts';
import { endpoint, faultHeaders, sessionLog } from '../support/server.ts';
import { fast, rejection } from '../support/upload-helpers.ts';
import { until } from '../../support/until.ts';
import { expectFirstChunkSentOnce, interrupt } from '../element/support/interrupted.ts';

const queues = new Set<UploadQueue>();

/** A queue on a fresh endpoint, sending one quantum per request; cancelled after the test. */
function queueOf(options: ConstructorParameters<typeof UploadQueue>[0] = {}): UploadQueue {
  const queue = new UploadQueue({ endpoint: endpoint(), upload: { chunkSize: QUANTUM, retry: fast }, ...options });
  queues.add(queue);
  return queue;
}

afterEach(() => {
  for (const queue of queues) queue.cancelAll();
  queues.clear();
});

/** The next event of this type whose detail passes `test`. */
function nextEvent<K extends keyof UploadQueueEventMap>(queue: UploadQueue, type: K, test: (detail: UploadQueueEventMap[K]['detail']) => boolean = () => true) {
  return new Promise<UploadQueueEventMap[K]['detail']>((resolve) => {
    const listener = (event: UploadQueueEventMap[K]) => {
      if (!test(event.detail)) return;
      queue.removeEventListener(type, listener);
      resolve(event.detail);
    };
    queue.addEventListener(type, listener);
  });
}

const reach = (queue: UploadQueue, item: UploadItem, status: UploadItem['status']) =>
  item.status === status ? Promise.resolve() : nextEvent(queue, 'upload-status', (detail) => detail.item === item && item.status === status).then(() => undefined);

/** Waits until the server has seen a chunk of the item's session (from the server's log). */
async function chunkReachedServer(item: UploadItem): Promise<void> {
  await until(async () => {
    const uri = item.upload?.sessionUri;
    return uri && (await sessionLog(uri)).requests.some((request) => request.kind === 'chunk');
  }, `a chunk of ${item.file.name} at the server`);
}

/**
 * Holds this page's requests to `url` (the status queries of its session) until the test releases
 * them; the real server answers them then. `release(i)` settles once the i-th one's answer is in.
 */
function holdRequestsTo(url: string) {
  const real = globalThis.fetch;
  const held: (() => Promise<void>)[] = [];
  globalThis.fetch = (input, init) => {
    const target = input instanceof Request ? input.url : String(input);
    if (new URL(target, location.href).href !== new URL(url).href) return real(input, init);
    return new Promise((resolve, reject) =>
      held.push(() => {
        const answered = real(input, init);
        answered.then(resolve, reject);
        return answered.then(() => undefined);
      }),
    );
  };
  return { held, release: (index: number) => held[index]!(), restore: () => void (globalThis.fetch = real) };
}

describe('UploadQueue', () => {
  it('keeps back a file `hold` gives true for, without a place, in its order, until a pump after it lets go', async () => {
    const waiting = new Set<string>(['first.bin', 'third.bin']);
    const queue = queueOf({ concurrency: 1, hold: (item) => waiting.has(item.file.name) });
    const started: string[] = [];
    queue.addEventListener('upload-start', ({ detail }) => started.push(detail.file.name));
    const [first, second, third] = queue.add([patternFile(1000, 'first.bin'), patternFile(1000, 'second.bin'), patternFile(1000, 'third.bin')]);
    await reach(queue, second!, 'done');
    // The held files took no place of the one: the second went by them; they wait, queued, with no upload.
    expect([started, first!.status, third!.status, first!.upload, third!.upload]).toEqual([['second.bin'], 'queued', 'queued', undefined, undefined]);

    waiting.clear();
    queue.pump();
    await reach(queue, third!, 'done');
    expect(started).toEqual(['second.bin', 'first.bin', 'third.bin']); // back in the list's order
    for (const item of [first!, third!]) await expectStored(item.result!, item.file);
  });

  it('fails a file `hold` throws for with an invalid-option error naming it; the others go on, and a retry asks again', async () => {
    let broken = true;
    const queue = queueOf({
      concurrency: 1,
      hold: (item) => {
        if (broken && item.file.name === 'second.bin') throw new Error('no details yet');
        return false;
      },
    });
    const started: string[] = [];
    queue.addEventListener('upload-start', ({ detail }) => started.push(detail.file.name));
    const failed = nextEvent(queue, 'upload-error');
    const [first, second, third] = queue.add([patternFile(1000, 'first.bin'), patternFile(1000, 'second.bin'), patternFile(1000, 'third.bin')]);
    const { item, error } = await failed;
    expect(item).toBe(second);
    expect(isUploadError(error) && error.code).toBe('invalid-option');
    expect(error.message).toContain('`hold`');
    expect((error.cause as Error).message).toBe('no details yet');
    await reach(queue, third!, 'done');
    expect([started, first!.status, second!.status, second!.upload]).toEqual([['first.bin', 'third.bin'], 'done', 'failed', undefined]);
    broken = false;
    second!.retry();
    await reach(queue, second!, 'done');
    expect(started).toEqual(['first.bin', 'third.bin', 'second.bin']);
    for (const done of [first!, second!, third!]) await expectStored(done.result!, done.file);
  });

  it('checks files against its rules: rejected ones are listed with their reason, and fire upload-reject', async () => {
    const queue = queueOf({ accept: 'image/*', maxFileSize: 100, maxFiles: 2 });
    const rejected: string[] = [];
    queue.addEventListener('upload-reject', ({ detail }) => rejected.push(`${detail.file.name}: ${detail.reason}`));
    queue.addEventListener('upload-add', (event) => {
      if (event.detail.file.name === 'refused.png') {
        event.preventDefault();
        event.detail.message = 'Not this one';
      }
      if (event.detail.file.name === 'left-out.png') {
        event.preventDefault();
        event.detail.silent = true;
      }
    });
    const files = [
      patternFile(10, 'a.png', 'image/png'),
      patternFile(10, 'notes.txt', 'text/plain'),
      patternFile(101, 'big.png', 'image/png'),
      patternFile(10, 'refused.png', 'image/png'),
      patternFile(10, 'left-out.png', 'image/png'),
      patternFile(10, 'b.png', 'image/png'),
      patternFile(10, 'c.png', 'image/png'),
    ];
    const added = queue.add(files);
    expect(added.map((item) => item.file.name)).toEqual(['a.png', 'b.png']);
    const { items, tally } = queue.snapshot();
    expect(items.map((item) => `${item.file.name} ${item.status}`)).toEqual([
      'a.png starting',
      'notes.txt rejected',
      'big.png rejected',
      'refused.png rejected',
      'b.png starting',
      'c.png rejected',
    ]);
    expect(rejected).toEqual(['notes.txt: accept', 'big.png: max-file-size', 'refused.png: cancelled-by-app', 'c.png: max-files']);
    expect(items.find((item) => item.file.name === 'refused.png')!.rejectionMessage).toBe('Not this one');
    expect(items.find((item) => item.file.name === 'big.png')!.rejectionLimit).toBe(100);
    expect([tally.files, tally.rejected]).toEqual([2, 4]);
    for (const item of added) await reach(queue, item, 'done');
    expect(queue.snapshot().tally.done).toBe(2);
  });

  it('rejects each file after the first with multiple: false', () => {
    const queue = queueOf({ multiple: false, auto: false });
    const added = queue.add([patternFile(10, 'one'), patternFile(10, 'two')]);
    const [one, two] = queue.items;
    expect(added).toEqual([one]);
    expect(one!.status).toBe('ready');
    expect([two!.status, two!.rejection]).toEqual(['rejected', 'multiple']);
  });

  it('throws an invalid-option UploadError naming a wrong setting', () => {
    for (const options of [{ concurrency: 0 }, { concurrency: 1.5 }, { maxFileSize: -1 }, { maxFiles: Number.NaN }]) {
      let error: unknown;
      try {
        new UploadQueue(options);
      } catch (caught) {
        error = caught;
      }
      expect(isUploadError(error) && error.code).toBe('invalid-option');
      expect((error as Error).message).toContain(`\`${Object.keys(options)[0]}\``);
    }
  });

  it('uploads `concurrency` files at a time, in the order added: the third waits while two hold their places', async () => {
    const held = faultHeaders([{ kind: 'hold' }]);
    const queue = queueOf({ concurrency: 2, upload: (item) => ({ chunkSize: QUANTUM, retry: fast, headers: item.file.name === 'c' ? {} : held }) });
    const started: string[] = [];
    queue.addEventListener('upload-start', ({ detail }) => started.push(detail.file.name));
    const [a, b, c] = queue.add(['a', 'b', 'c'].map((name) => patternFile(2 * QUANTUM, name)));
    // Both first chunks are at the server and never answered: the two places stay taken.
    await chunkReachedServer(a!);
    await chunkReachedServer(b!);
    expect([c!.status, c!.upload]).toEqual(['queued', undefined]);
    expect(started).toEqual(['a', 'b']);

    a!.cancel();
    const { result } = await nextEvent(queue, 'upload-success', (detail) => detail.item === c);
    await expectStored(result, c!.file);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(b!.status).not.toBe('done');
  });

  it('takes more places when a concurrency given as a function grows, once pump() is called', async () => {
    let concurrency = 1;
    const held = faultHeaders([{ kind: 'hold' }]);
    const queue = queueOf({ concurrency: () => concurrency, upload: (item) => ({ chunkSize: QUANTUM, headers: item.file.name === 'a' ? held : {} }) });
    const [a, b] = queue.add(['a', 'b'].map((name) => patternFile(QUANTUM, name)));
    await chunkReachedServer(a!);
    expect(b!.status).toBe('queued');
    concurrency = 2;
    queue.pump();
    await reach(queue, b!, 'done');
  });

  it('pauses and resumes one file and all files; each is stored whole', async () => {
    const queue = queueOf({ upload: { chunkSize: QUANTUM, retry: fast, headers: faultHeaders([{ kind: 'delay', ms: 20, times: 100 }]) } });
    const files = [patternFile(4 * QUANTUM + 5, 'first'), patternFile(4 * QUANTUM, 'second')];
    const [first, second] = queue.add(files);
    const successes = [first, second].map((item) => nextEvent(queue, 'upload-success', (detail) => detail.item === item));
    await nextEvent(queue, 'upload-progress', (detail) => detail.item === first);
    first!.pause();
    await reach(queue, first!, 'paused');
    const pausedAt = first!.bytesCommitted;
    expect(queue.snapshot().tally.paused).toBe(1);

    first!.resume();
    await nextEvent(queue, 'upload-progress', (detail) => detail.item === first && detail.bytesCommitted > pausedAt);
    queue.pauseAll();
    await reach(queue, first!, 'paused');
    await reach(queue, second!, second!.status === 'done' ? 'done' : 'paused');
    queue.resumeAll();
    const results = await Promise.all(successes);
    for (const [index, { result }] of results.entries()) await expectStored(result, files[index]!);
    expect(queue.snapshot().done).toEqual([first, second]);
  });

  it('retries one failed file and all failed files, each continuing its session', async () => {
    const failing = faultHeaders([{ kind: 'status', status: 400 }]);
    let failures = 3;
    const queue = queueOf({ upload: { chunkSize: QUANTUM, retry: fast, headers: () => (failures-- > 0 ? failing : {}) } });
    const files = ['x', 'y', 'z'].map((name) => patternFile(QUANTUM, name));
    const items = queue.add(files);
    for (const item of items) await reach(queue, item, 'failed');
    expect(queue.snapshot().tally.failed).toBe(3);
    const sessions = items.map((item) => item.upload!.sessionUri);
    const errors = items.map((item) => item.error);
    expect(errors.every((error) => isUploadError(error) && error.code === 'http')).toBe(true);

    items[0]!.retry();
    await reach(queue, items[0]!, 'done');
    expect(items.slice(1).map((item) => item.status)).toEqual(['failed', 'failed']);
    queue.retryAll();
    for (const item of items) await reach(queue, item, 'done');
    for (const [index, item] of items.entries()) await expectStored(item.result!, files[index]!);
    expect(items.map((item) => item.upload!.sessionUri)).toEqual(sessions);
  });

  it('cancels one file and all files, and fires upload-cancel for each', async () => {
    const queue = queueOf({ concurrency: 1, upload: { chunkSize: QUANTUM, headers: faultHeaders([{ kind: 'hold' }]) } });
    const cancelled: string[] = [];
    queue.addEventListener('upload-cancel', ({ detail }) => cancelled.push(detail.file.name));
    const [a, b, c] = queue.add(['a', 'b', 'c'].map((name) => patternFile(2 * QUANTUM, name)));
    await chunkReachedServer(a!);
    c!.cancel();
    expect(c!.status).toBe('cancelled');
    queue.cancelAll();
    expect([a!.status, b!.status]).toEqual(['cancelled', 'cancelled']);
    expect(cancelled).toEqual(['c', 'a', 'b']);
    expect(queue.snapshot().tally).toMatchObject({ files: 0, left: 0, running: 0 });
  });

  it('keeps the same snapshot while nothing changes, and never changes one it gave', async () => {
    const queue = queueOf({ auto: false });
    const empty = queue.snapshot();
    expect(queue.snapshot()).toBe(empty);
    const [one] = queue.add([patternFile(10, 'one')]);
    const listed = queue.snapshot();
    expect(listed).not.toBe(empty);
    expect(empty.items).toEqual([]); // the earlier snapshot's array was copied, not changed
    expect(queue.snapshot()).toBe(listed);
    queue.pauseAll(); // nothing to pause: nothing changes
    expect(queue.snapshot()).toBe(listed);

    one!.start();
    await reach(queue, one!, 'done');
    const done = queue.snapshot();
    expect(done).not.toBe(listed);
    expect(done.items).toBe(listed.items); // no file added or removed: the same array
    expect([listed.done, done.done]).toEqual([[], [one]]);
    expect(listed.tally.done).toBe(0);
  });

  it('calls subscribers on each change until they unsubscribe', async () => {
    const queue = queueOf({ auto: false });
    let calls = 0;
    let seen = queue.snapshot();
    const unsubscribe = queue.subscribe(() => {
      calls++;
      seen = queue.snapshot();
    });
    const [one] = queue.add([patternFile(10, 'one')]);
    expect(calls).toBe(1); // once for the whole add
    expect(seen.items).toEqual([one]);
    one!.start();
    await reach(queue, one!, 'done');
    expect(seen.tally.done).toBe(1);
    const before = calls;
    unsubscribe();
    one!.remove();
    expect(calls).toBe(before);
    expect(queue.snapshot().items).toEqual([]);
  });

  it('tells subscribers once for a whole add that starts its files, however many', async () => {
    const queue = queueOf({ concurrency: 2 });
    let calls = 0;
    queue.subscribe(() => calls++);
    const items = queue.add(Array.from({ length: 50 }, (_, i) => patternFile(10, `started-${i}`)));
    expect(items.every((item) => item.status === 'queued' || item.status === 'starting')).toBe(true);
    expect(calls).toBeLessThanOrEqual(2); // not once a file: a drop of 1,000 would copy the list 1,000 times
    queue.cancelAll();
  });

  it('keeps the file handle of a file added while interrupted uploads are listed', async () => {
    const url = endpoint();
    const file = patternFile(2 * QUANTUM, `handled-${crypto.randomUUID()}.bin`);
    await interrupt(file, url);
    const queue = queueOf({ endpoint: url, auto: false });
    await queue.refreshInterrupted();
    expect(queue.snapshot().interrupted).toHaveLength(1);
    const handle = { kind: 'file', name: file.name } as unknown as FileSystemFileHandle;
    const [item] = queue.add([{ file, relativePath: file.name, fileHandle: handle }]);
    expect(item!.fileHandle).toBe(handle);
  });

  it('lists the uploads a reload interrupted; adding the file again goes on from the server bytes', async () => {
    const url = endpoint();
    const file = patternFile(2 * QUANTUM, `interrupted-${crypto.randomUUID()}.bin`);
    const sessionUri = await interrupt(file, url);
    const queue = queueOf({ endpoint: url });
    expect(queue.snapshot().interrupted).toEqual([]);
    await queue.refreshInterrupted();
    const [record] = queue.snapshot().interrupted;
    expect(record).toMatchObject({ name: file.name, size: file.size, sessionUri });
    expect(queue.canResume(record!)).toBe(false); // no kept handle: the file must be chosen again

    const [item] = queue.add([file]);
    expect(queue.snapshot().interrupted).toEqual([]);
    await reach(queue, item!, 'done');
    await expectStored(item!.result!, file);
    await expectFirstChunkSentOnce(sessionUri, file);
  });

  it('an interrupted row leaves asking once its session answers, though the list was read again meanwhile', async () => {
    const url = endpoint();
    const file = patternFile(2 * QUANTUM, `asked-${crypto.randomUUID()}.bin`);
    const sessionUri = await interrupt(file, url);
    const queue = queueOf({ endpoint: url, auto: false });
    const hold = holdRequestsTo(sessionUri);
    try {
      await queue.refreshInterrupted();
      await until(() => hold.held.length === 1, 'the status query, held');
      await queue.refreshInterrupted(); // read again while its session is asked: new records, the same session
      const standing = () => queue.standingOf(queue.snapshot().interrupted[0]!);
      expect(standing()).toBe('asking');
      const seen: unknown[] = [];
      queue.subscribe(() => seen.push(standing()));
      await hold.release(0);
      await until(() => seen.length > 0, () => `a new snapshot once the session answered (it says ${String(standing())})`);
      expect([seen, standing(), hold.held.length]).toEqual([[QUANTUM], QUANTUM, 1]); // asked once, its answer shown
    } finally {
      hold.restore();
    }
  });

  it("asks again when the record names another session; the older session's late answer does not count", async () => {
    const url = endpoint();
    const file = patternFile(2 * QUANTUM, `replaced-${crypto.randomUUID()}.bin`);
    const older = await interrupt(file, url); // it holds the first half
    const queue = queueOf({ endpoint: url, auto: false });
    const hold = holdRequestsTo(older);
    try {
      await queue.refreshInterrupted();
      await until(() => hold.held.length === 1, "the older session's status query, held");
      // Meanwhile the file went on with a new session, stopped by a refused first chunk: its record names that one.
      await clearStoredUploads();
      const stopped = new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast, metadata: { name: file.name }, headers: faultHeaders([{ kind: 'status', status: 400 }]) });
      expect((await rejection(stopped.start())).code).toBe('http');
      const newer = stopped.sessionUri!;
      const queriesOf = async (uri: string) => (await sessionLog(uri)).requests.filter((request) => request.kind === 'query').length;
      const before = await queriesOf(newer);
      await queue.refreshInterrupted();
      const record = () => queue.snapshot().interrupted[0]!;
      expect(record().sessionUri).toBe(newer);
      await until(() => queue.standingOf(record()) === 0, () => `the newer session's answer (the row says ${String(queue.standingOf(record()))})`);
      await hold.release(0); // the older one answers, late: half
      await queue.refreshInterrupted();
      expect(queue.standingOf(record())).toBe(0);
      expect(await queriesOf(newer)).toBe(before + 1); // the list asked the newer session once
    } finally {
      hold.restore();
    }
  });

  it('discards an interrupted upload: its record is forgotten', async () => {
    const url = endpoint();
    const file = patternFile(2 * QUANTUM, `discarded-${crypto.randomUUID()}.bin`);
    await interrupt(file, url);
    const queue = queueOf({ endpoint: url });
    await queue.refreshInterrupted();
    await queue.discardInterrupted(queue.snapshot().interrupted[0]!);
    expect(queue.snapshot().interrupted).toEqual([]);
    expect(await listStoredUploads(url)).toEqual([]);
  });

  it('lists no interrupted upload with store: false', async () => {
    const url = endpoint();
    await interrupt(patternFile(2 * QUANTUM, `kept-${crypto.randomUUID()}.bin`), url);
    const queue = queueOf({ endpoint: url, store: false });
    await queue.refreshInterrupted();
    expect(queue.snapshot().interrupted).toEqual([]);
  });
});

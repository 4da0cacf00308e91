import { describe, expect, it } from 'vitest';
import { Upload, isUploadError } from '../../src/index.ts';
import { transportChunk } from '../../src/transport/default-client.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, sessionLog } from './support/server.ts';
import { until } from '../support/until.ts';

// ky and the XHR transport are a chunk of their own (src/transport/default-client.ts), loaded at
// idle or when the first Upload is made. Here only the latter, and the load can be held, or fail as a
// lost chunk would.
transportChunk.atIdle = false;
const realLoad = transportChunk.load;
const chunk = { failures: 0, loads: 0, held: undefined as Promise<void> | undefined };
transportChunk.load = async () => {
  chunk.loads++;
  await chunk.held;
  if (chunk.failures > 0) {
    chunk.failures--;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return realLoad();
};

const quick = { retries: 2, baseDelayMs: 5, maxDelayMs: 20 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the HTTP transports, loaded on first use', () => {
  it('an abort while they load ends the upload at once', async () => {
    let release!: () => void;
    chunk.held = new Promise((resolve) => (release = resolve));
    chunk.failures = 1; // then the next test loads them afresh
    const upload = new Upload(patternFile(QUANTUM), { endpoint: endpoint(), retry: quick });
    const done = upload.start().catch((caught: unknown) => caught);
    await sleep(50);
    upload.abort();
    // The transports stay held until after: an upload that waited for them would never end.
    let outcome: unknown;
    void done.then((settled) => (outcome = settled));
    await until(() => outcome !== undefined, 'the upload ends while the transports are still held');
    expect(isUploadError(outcome) && outcome.code).toBe('aborted');
    release();
    // The held load fails once let go; the next test counts its own failures from there.
    await until(() => chunk.failures === 0, 'the held load to fail');
  });

  it('a pause while they load takes effect at once; a load that keeps failing fails the upload with a network error that says so; start() again loads them and finishes', async () => {
    let release!: () => void;
    chunk.held = new Promise((resolve) => (release = resolve));
    // Every load fails until the test says otherwise: the resumed attempt may wait for the held load
    // or, on a busy machine, come after it failed and start a load of its own; each attempt fails all the same.
    chunk.failures = Infinity;
    const file = patternFile(2 * QUANTUM + 5);
    const upload = new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, retry: quick });
    const states: string[] = [];
    upload.addEventListener('statechange', (event) => states.push(event.detail.state));
    const done = upload.start().catch((caught: unknown) => caught);
    expect(upload.state).toBe('starting');
    await sleep(50);
    upload.pause(); // the session's start waits for the transports: the pause does not
    expect(upload.state).toBe('paused');
    await sleep(20);
    upload.resume();
    release();

    const error = await done;
    expect(isUploadError(error) && error.code).toBe('network');
    expect((error as Error).message).toContain('the upload code (its HTTP transport) could not be loaded');
    expect(states).toEqual(['starting', 'paused', 'starting', 'retrying', 'starting', 'retrying', 'starting', 'error']);
    expect(upload.sessionUri).toBeUndefined(); // nothing reached the server

    chunk.failures = 0;
    const loadsBefore = chunk.loads;
    const result = await upload.start();
    expect(chunk.loads).toBe(loadsBefore + 1);
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.requests.map((request) => request.kind)).toEqual(['start', 'chunk', 'chunk', 'chunk']);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads, listStoredUploads } from '../../src/index.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { conversation, incomplete, script, sessionOf, sessionStarted, type ScriptedAnswer } from './support/scripted.ts';
import { fast, rejection } from './support/upload-helpers.ts';

// A session that broke the protocol's checks once is never trusted again: its stored record goes with
// the error, so a reload (a new Upload of the same file) starts a new session instead of asking the
// liar where it stands, where "finished" would pass for a success of a file it holds a third of.

const size = 3 * QUANTUM;
const all = [`PUT bytes 0-262143/${size}`, `PUT bytes 262144-524287/${size}`, `PUT bytes 524288-786431/${size}`];
const final: ScriptedAnswer = { status: 200, json: { id: 'y', size: String(size) } };
/** A new session for the reload, which receives the whole file. */
const honest = (urls: { base: string }): ScriptedAnswer[] => [
  { status: 200, headers: { Location: `${urls.base}/second?upload_id=new` } },
  incomplete(QUANTUM),
  incomplete(2 * QUANTUM),
  final,
];

beforeEach(() => clearStoredUploads());

describe.each([
  // Drive's final answer carries no size: only the bytes sent tell it is early.
  ['a final 200 without a size after the first chunk', { status: 200, json: { id: 'x' } } satisfies ScriptedAnswer],
  ['a 308 whose Range claims more than was sent', { status: 308, headers: { Range: `bytes=0-${size - 1}` } } satisfies ScriptedAnswer],
  ['a final answer whose size is not the file\'s', { status: 200, json: { id: 'x', size: '1' } } satisfies ScriptedAnswer],
])('%s', (_, lie) => {
  it("is 'protocol', its record is forgotten, and a new Upload of the file starts a new session", async () => {
    const file = patternFile(size, 'liar.bin');
    const s = await script((urls) => [sessionStarted(urls), lie, ...honest(urls)]);
    const options = { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast };
    const first = new Upload(file, options);
    expect((await rejection(first.start())).code).toBe('protocol');
    expect(await listStoredUploads(options.endpoint)).toEqual([]);

    const again = new Upload(file, options);
    const result = await again.start();
    expect(result.sessionUri).not.toBe(sessionOf(s));
    expect(result.body).toEqual({ id: 'y', size: String(size) });
    const requests = await s.requests();
    // The liar is asked nothing more: the second upload begins with a session start of its own.
    expect(requests[2]!.method).toBe('POST');
    expect(conversation(requests.slice(3))).toEqual(all);
    expect(requests.slice(2).every((r) => !r.url.includes('upload_id=scripted'))).toBe(true);
  });

  it('the same Upload started again starts a new session too', async () => {
    const file = patternFile(size, 'liar-again.bin');
    const s = await script((urls) => [sessionStarted(urls), lie, ...honest(urls)]);
    const upload = new Upload(file, { endpoint: `${s.base}/upload`, chunkSize: QUANTUM, retry: fast });
    expect((await rejection(upload.start())).code).toBe('protocol');
    const result = await upload.start();
    expect(result.body).toEqual({ id: 'y', size: String(size) });
    const requests = await s.requests();
    expect(requests.slice(2).every((r) => !r.url.includes('upload_id=scripted'))).toBe(true);
    expect(conversation(requests.slice(3))).toEqual(all);
  });
});

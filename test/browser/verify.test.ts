import { describe, expect, it } from 'vitest';
import { Upload, UploadError } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders } from './support/server.ts';
import { conversation, incomplete, script, sessionStarted, type Scripted, type ScriptedAnswer } from './support/scripted.ts';
import { fast, rejection } from './support/upload-helpers.ts';
import { digestFile } from '../../src/integrity/digest-file.ts';

describe('verify: checksums computed in a Worker, compared with the final response', () => {
  it('passes when the server kept the same bytes', async () => {
    const file = patternFile(3 * QUANTUM + 9);
    const result = await new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, verify: true }).start();
    expect(result.verified).toBe(true);
    await expectStored(result, file);
  });

  it('passes for a multipart upload too', async () => {
    const file = patternFile(1000);
    const result = await new Upload(file, { endpoint: endpoint(), uploadType: 'multipart', metadata: { name: 'x' }, verify: true }).start();
    expect(result.verified).toBe(true);
  });

  it("fails with 'integrity' when the stored bytes differ, though the size matches", async () => {
    const file = patternFile(2 * QUANTUM + 1);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      verify: true,
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'corrupt' }]),
    });
    const error = await upload.start().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).code).toBe('integrity');
    expect(upload.state).toBe('error');
  });

  it('without verify, says nothing about checksums', async () => {
    const result = await new Upload(patternFile(10), { endpoint: endpoint() }).start();
    expect(result.verified).toBeUndefined();
  });
});

describe('verify: a final answer with nothing to compare is not a success', () => {
  const size = 2 * QUANTUM;
  const cut: ScriptedAnswer = { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"id":"x","' };
  const upload = (s: Scripted, uploadType: 'resumable' | 'multipart' = 'resumable') =>
    new Upload(patternFile(size), { endpoint: `${s.base}/upload`, uploadType, chunkSize: QUANTUM, retry: fast, verify: true, store: false });

  it('a final answer cut short is asked for once more: its checksums then decide (here: the stored bytes differ)', async () => {
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), cut, { status: 200, json: { id: 'x', size: String(size), crc32c: 'AAAAAA==', md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==' } }]);
    const error = await rejection(upload(s).start());
    expect(error.code).toBe('integrity');
    expect(error.message).toContain('crc32c');
    expect(conversation((await s.requests()).slice(1))).toEqual([`PUT bytes 0-262143/${size}`, `PUT bytes 262144-524287/${size}`, `PUT bytes */${size}`]);
  });

  it('a final answer cut short, then the whole of it with matching checksums: verified', async () => {
    const { md5Hash, crc32c } = await digestFile(patternFile(size));
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), cut, { status: 200, json: { id: 'x', size: String(size), crc32c, md5Hash } }]);
    const result = await upload(s).start();
    expect(result.verified).toBe(true);
    expect(result.body).toEqual({ id: 'x', size: String(size), crc32c, md5Hash });
  });

  it("a session whose final answers never carry a checksum: 'integrity', saying the upload is not verified", async () => {
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 200, json: { id: 'x' } }, { status: 200, json: { id: 'x' } }]);
    const error = await rejection(upload(s).start());
    expect(error.code).toBe('integrity');
    expect(error.message).toContain('not verified');
  });

  it("a single request's answer cut short: 'integrity' (there is no session to ask again)", async () => {
    const s = await script([cut]);
    const error = await rejection(upload(s, 'multipart').start());
    expect(error.code).toBe('integrity');
    expect((await s.requests()).length).toBe(1);
  });

  it("Drive's md5Checksum (hex) is compared too", async () => {
    const { md5Hash } = await digestFile(patternFile(size));
    const md5Checksum = [...atob(md5Hash)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 200, json: { id: 'x', md5Checksum } }]);
    expect((await upload(s).start()).verified).toBe(true);
    const wrong = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 200, json: { id: 'x', md5Checksum: '0'.repeat(32) } }]);
    expect((await rejection(upload(wrong).start())).code).toBe('integrity');
  });
});

describe('verify: what start() again does after a failed check', () => {
  const size = 2 * QUANTUM;
  const options = (s: Scripted, uploadType: 'resumable' | 'multipart' = 'resumable') => ({ endpoint: `${s.base}/upload`, uploadType, chunkSize: QUANTUM, retry: fast, verify: true, store: false });

  it('after a mismatch, uploads the file anew through a new session', async () => {
    const { md5Hash, crc32c } = await digestFile(patternFile(size));
    const s = await script((urls) => [
      sessionStarted(urls),
      incomplete(QUANTUM),
      { status: 200, json: { id: 'x', size: String(size), crc32c: 'AAAAAA==' } },
      { status: 200, headers: { Location: `${urls.base}/second?upload_id=new` } },
      incomplete(QUANTUM),
      { status: 200, json: { id: 'y', size: String(size), crc32c, md5Hash } },
    ]);
    const upload = new Upload(patternFile(size), options(s));
    expect((await rejection(upload.start())).code).toBe('integrity');
    const result = await upload.start();
    expect(result.verified).toBe(true);
    expect(conversation((await s.requests()).slice(4))).toEqual([`PUT bytes 0-262143/${size}`, `PUT bytes 262144-524287/${size}`]);
  });

  it('after nothing to compare, asks the session again and never sends a byte twice', async () => {
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 200, json: { id: 'x' } }, { status: 200, json: { id: 'x' } }, { status: 200, json: { id: 'x' } }]);
    const upload = new Upload(patternFile(size), options(s));
    expect((await rejection(upload.start())).code).toBe('integrity');
    expect((await rejection(upload.start())).code).toBe('integrity');
    expect(conversation((await s.requests()).slice(1))).toEqual([`PUT bytes 0-262143/${size}`, `PUT bytes 262144-524287/${size}`, `PUT bytes */${size}`, `PUT bytes */${size}`]);
  });

  it('a session gone when asked again: not verified, nothing sent again (no new session, no second object)', async () => {
    const s = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 200, json: { id: 'x' } }, { status: 404 }]);
    const error = await rejection(new Upload(patternFile(size), { ...options(s), idempotent: true }).start());
    expect(error.code).toBe('integrity');
    expect(error.message).toContain('not verified');
    expect((await s.requests()).length).toBe(4);
  });

  it('a single request with nothing to compare: start() again does not send the file again', async () => {
    const s = await script([{ status: 200, json: { id: 'x' } }]);
    const upload = new Upload(patternFile(1000), options(s, 'multipart'));
    expect((await rejection(upload.start())).code).toBe('integrity');
    expect((await rejection(upload.start())).code).toBe('integrity');
    expect((await s.requests()).length).toBe(1);
  });
});

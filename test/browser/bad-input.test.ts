import { describe, expect, it } from 'vitest';
import { Upload, UploadError } from '../../src/index.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, sessionLog } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';

// Options a browser cannot send fail where they are read, as 'invalid-option' naming the option:
// never a 'network' error after a minute of retries, nor a raw TypeError out of start().

const file = patternFile(QUANTUM + 1);
const uploadTypes = ['resumable', 'multipart'] as const;

describe.each(uploadTypes)('uploadType %s', (uploadType) => {
  it.each([
    ['a header value outside Latin-1', { Authorization: 'Bearer 令牌' }],
    ['a header value with a line break', { 'X-Tag': 'a\r\nX-Injected: 1' }],
    ['a header name with a space', { 'X Tag': 'a' }],
    ['a header value that is no string', { 'X-Count': 3 as unknown as string }],
  ])('%s in `headers` is refused by the constructor', (_, headers) => {
    const build = () => new Upload(file, { endpoint: endpoint(), uploadType, headers });
    expect(build).toThrowError(UploadError);
    expect(build).toThrowError(/`headers` has a header that cannot be sent/);
  });

  it('the same returned by a `headers` function rejects start() at once, nothing sent', async () => {
    let calls = 0;
    const url = endpoint();
    const upload = new Upload(file, { endpoint: url, uploadType, retry: fast, headers: () => (calls++, { Authorization: 'Bearer 令牌' }) });
    const error = await rejection(upload.start());
    expect(error.code).toBe('invalid-option');
    expect(error.message).toContain('What the `headers` function returned');
    expect(calls).toBe(1); // not retried
    expect(upload.state).toBe('error');
  });

  it.each([
    ['a line break', 'text/plain\r\nX-Injected: 1'],
    ['text outside Latin-1', 'text/plain; charset=文字'],
  ])('a `contentType` with %s is refused by the constructor', (_, contentType) => {
    expect(() => new Upload(file, { endpoint: endpoint(), uploadType, contentType })).toThrowError(/`contentType` must be Latin-1/);
  });

  it.each([
    ['a BigInt', () => ({ name: 'a', size: 1n })],
    ['a cycle', () => {
      const metadata: Record<string, unknown> = { name: 'a' };
      metadata.self = metadata;
      return metadata;
    }],
  ])('`metadata` holding %s is refused by the constructor', (_, metadata) => {
    let error: unknown;
    try {
      new Upload(file, { endpoint: endpoint(), uploadType, metadata: metadata() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).code).toBe('invalid-option');
    expect((error as UploadError).message).toContain('`metadata` cannot be sent as JSON');
  });
});

it('headers that a browser can send still go (a Latin-1 value, an encoded one)', async () => {
  const url = endpoint();
  const upload = new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast, store: false, headers: { 'X-Name': 'Fran\u00e7ois', 'X-Token': encodeURIComponent('令牌') } });
  const result = await upload.start();
  expect(result.status).toBe(201);
  expect((await sessionLog(result.sessionUri!)).complete).toBe(true);
});

// What a hand-off (the `background` option) sends, built by protocol/: the rest of the file as one
// PUT with its Content-Range; and how the final answer the service worker kept is read (JSON by its
// Content-Type, refused when its size is not the file's).
import { describe, expect, it } from 'vitest';
import { resultOf } from '../../src/background/background-outcome.ts';
import { restOfFile } from '../../src/protocol/rest-of-file.ts';

const SESSION = 'https://uploads.example/upload/files?upload_id=1';
const file = new Blob([new Uint8Array(1000)]);

describe('the hand-off request', () => {
  it('is one PUT of the rest of the file from the given offset, with its Content-Range and the given headers', async () => {
    const request = restOfFile(file, SESSION, 300, { Authorization: 'Bearer t' });
    expect(request).toMatchObject({ method: 'PUT', url: SESSION, headers: { Authorization: 'Bearer t', 'Content-Range': 'bytes 300-999/1000' } });
    expect((request.body as Blob).size).toBe(700);
  });
});

describe('the final answer the service worker kept', () => {
  const done = (body: string, contentType = 'application/json; charset=UTF-8') => ({ state: 'done' as const, status: 200, body, contentType, at: 1 });

  it('is the upload result, its JSON body parsed', () => {
    expect(resultOf(done('{"id":"a","size":"1000"}'), 1000, SESSION)).toEqual({ status: 200, body: { id: 'a', size: '1000' }, sessionUri: SESSION });
  });

  it('keeps a body that is not JSON as text', () => {
    expect(resultOf(done('stored', 'text/plain'), 1000, SESSION)).toEqual({ status: 200, body: 'stored', sessionUri: SESSION });
    expect(resultOf(done('{not json'), 1000, SESSION)).toEqual({ status: 200, body: '{not json', sessionUri: SESSION });
  });

  it('is no success when the server kept another size, nor when the request was interrupted', () => {
    expect(resultOf(done('{"size":999}'), 1000, SESSION)).toBeUndefined();
    expect(resultOf({ state: 'interrupted', reason: 'HTTP 503', at: 1 }, 1000, SESSION)).toBeUndefined();
    expect(resultOf(undefined, 1000, SESSION)).toBeUndefined();
  });
});

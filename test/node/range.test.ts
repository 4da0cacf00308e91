import { describe, expect, it } from 'vitest';
import { UploadError } from '../../src/errors/upload-error.ts';
import { committedFromRange, contentRange } from '../../src/protocol/range.ts';

describe('committedFromRange', () => {
  it.each([
    [null, 0],
    ['bytes=0-42', 43],
    ['0-42', 43],
    ['bytes=0-0', 1],
    ['bytes=0-262143/*', 262144],
    ['bytes=0-262143/1000000', 262144],
    ['BYTES=0-9', 10],
    [' bytes=0-9 ', 10],
  ])('%j → %i', (header, committed) => {
    expect(committedFromRange(header)).toBe(committed);
  });

  it.each([
    '',
    'bytes=',
    'bytes=abc',
    'bytes=1-42',
    'items=0-42',
    'bytes=0-',
    'bytes=0-42,50-60',
    'bytes=0-99999999999999999999',
    // Two Range headers, as Headers.get and getResponseHeader join them.
    'bytes=0-262143, bytes=0-524287',
    'bytes=0 - 42',
    'bytes=-42',
  ])(
    'rejects %j as a protocol error',
    (header) => {
      expect(() => committedFromRange(header)).toThrowError(UploadError);
      try {
        committedFromRange(header);
      } catch (error) {
        expect((error as UploadError).code).toBe('protocol');
      }
    },
  );
});

describe('contentRange', () => {
  it('names the inclusive byte range and the total', () => {
    expect(contentRange(0, 524288, 2_000_000)).toBe('bytes 0-524287/2000000');
    expect(contentRange(43, 2_000_000, 2_000_000)).toBe('bytes 43-1999999/2000000');
  });

  it('asks for the status with an empty range', () => {
    expect(contentRange(0, 0, 2_000_000)).toBe('bytes */2000000');
    expect(contentRange(0, 0, 0)).toBe('bytes */0');
  });
});

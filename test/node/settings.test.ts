import { describe, expect, it } from 'vitest';
import { parseSize, SETTINGS, settingOf, writtenSize } from '../../src/element/settings/settings.ts';
import { UploadError } from '../../src/errors/upload-error.ts';

describe('the element settings', () => {
  it.each([
    ['100000', 100_000],
    [100_000, 100_000],
    ['0', 0],
    ['100 KB', 100_000],
    ['10MB', 10_000_000],
    ['10mb', 10_000_000],
    ['2 GB', 2_000_000_000],
    ['1 TB', 1e12],
    ['10 B', 10],
    ['1 kB', 1000],
    ['1.5 GiB', 1.5 * 2 ** 30],
    ['10KiB', 10_240],
    ['4 MiB', 4 * 2 ** 20],
    [' 1.0005 KB ', 1000],
    ['.5 KiB', 512],
    // A decimal whose float product falls a hair short (1004.999…) still counts the byte.
    ['1.005 KB', 1005],
  ])('reads the size %j as %d bytes', (value, bytes) => {
    expect(parseSize(value)).toBe(bytes);
  });

  it.each(['', 'abc', '10 megs', '-1', '1e3', '10 M', '10 Kb/s', '1,000', 'NaN', -1, 1.5, Number.NaN, Infinity, '99999999999 TB'])(
    'refuses the size %j',
    (value) => {
      expect(parseSize(value)).toBeUndefined();
    },
  );

  it('takes chunk sizes in multiples of 256 KiB only', () => {
    const parse = SETTINGS.chunkSize;
    expect([parse('256 KiB'), parse('8MiB'), parse(262144), parse('1000'), parse('0'), parse('1 MB')]).toEqual([
      262144,
      8 * 2 ** 20,
      262144,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("names the attribute of an engine option, else the option's own name", () => {
    expect(settingOf(new UploadError('invalid-option', "`uploadType` must be 'resumable', …"))).toBe('upload-type');
    expect(settingOf(new UploadError('invalid-option', '`sessionUri` must be https:'))).toBe('sessionUri');
    expect(settingOf(new UploadError('invalid-option', '`chunkSize` must be a positive multiple of 262144 bytes'))).toBe('chunk-size');
    expect(settingOf(new UploadError('invalid-option', 'The `headers` function failed'))).toBe('headers');
    expect(settingOf(new UploadError('invalid-option', 'no name here'))).toBeUndefined();
  });
});

describe('writtenSize', () => {
  it('keeps the unit the page wrote, in the language’s digits; bytes alone are left to Intl', () => {
    expect(['1 GiB', '1.5gib', '10MB', '0.5 kb', '100000', '100 b', 'ten', 42].map((value) => writtenSize(value, 'en'))).toEqual([
      '1 GiB',
      '1.5 GiB',
      '10 MB',
      '0.5 KB',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(writtenSize('1.5 GiB', 'de')).toBe('1,5 GiB');
    expect(writtenSize('1.5 GiB', 'fa')).toBe('۱٫۵ GiB');
  });
});

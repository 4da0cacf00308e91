// `accept` as the File System Access picker takes it: what Chromium would throw a TypeError for
// never reaches it, and "All files" stays whenever a token could not be said.
import { describe, expect, it } from 'vitest';
import { pickerTypes } from '../../src/element/picker/picker-types.ts';

describe('pickerTypes', () => {
  it('gives no types, and keeps "All files", without an accept', () => {
    expect(pickerTypes('')).toEqual({ types: [], excludeAcceptAllOption: false });
    expect(pickerTypes(' , ')).toEqual({ types: [], excludeAcceptAllOption: false });
  });

  it('keys MIME types and wildcards, groups extensions under */*, and leaves "All files" out', () => {
    expect(pickerTypes('image/*,.pdf,text/plain')).toEqual({
      types: [{ accept: { 'image/*': [], '*/*': ['.pdf'], 'text/plain': [] } }],
      excludeAcceptAllOption: true,
    });
    expect(pickerTypes('.tar.gz, .PNG,.c++')).toEqual({ types: [{ accept: { '*/*': ['.tar.gz', '.png', '.c++'] } }], excludeAcceptAllOption: true });
    expect(pickerTypes('Video/MP4 , video/mp4,application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toEqual({
      types: [{ accept: { 'video/mp4': [], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [] } }],
      excludeAcceptAllOption: true,
    });
  });

  it('leaves out what Chromium refuses, and then keeps "All files" so those files stay in reach', () => {
    const refused = [
      'pdf', // no leading '.'
      '.pdf.', // ends with '.'
      '.my_file', // '_' is no suffix code point
      '.abcdefghijklmnop', // 17 characters
      'image/', // an empty subtype
      'text/plain;charset=utf-8', // parameters
      'a/b/c',
    ];
    for (const token of refused) {
      expect(pickerTypes(`${token},image/png`), token).toEqual({ types: [{ accept: { 'image/png': [] } }], excludeAcceptAllOption: false });
      expect(pickerTypes(token), token).toEqual({ types: [], excludeAcceptAllOption: false });
    }
    expect(pickerTypes('.abcdefghijklmno').types).toEqual([{ accept: { '*/*': ['.abcdefghijklmno'] } }]); // 16: the longest taken
  });
});

import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart, splitParts } from '../../server/multipart.ts';

const related = (boundary: string) => `multipart/related; boundary=${boundary}`;
const body = (...lines: (string | Buffer)[]) => Buffer.concat(lines.map((line) => (typeof line === 'string' ? Buffer.from(line) : line)));

describe('boundaryOf', () => {
  it.each([
    ['multipart/related; boundary=foo_bar_baz', 'foo_bar_baz'],
    ['Multipart/Related;boundary="with space"', 'with space'],
    ['multipart/related; type="application/json"; boundary=x; charset=utf-8', 'x'],
  ])('reads %s', (header, boundary) => expect(boundaryOf(header)).toBe(boundary));

  it.each([undefined, 'multipart/form-data; boundary=x', 'multipart/related', 'multipart/relatedness; boundary=x'])('refuses %s', (header) => {
    expect(() => boundaryOf(header)).toThrow(/multipart\/related|boundary/);
  });
});

describe('splitParts', () => {
  it('keeps the CRLF before a delimiter out of the content, and the data binary', () => {
    const media = Buffer.from([0, 255, 13, 10, 45, 45, 13, 10]);
    const parts = splitParts(body('--b\r\nContent-Type: a/b\r\n\r\n', media, '\r\n--b--'), 'b');
    expect(parts).toHaveLength(1);
    expect(parts[0]!.content.equals(media)).toBe(true);
  });

  it('treats boundary look-alikes inside the data as data', () => {
    const content = 'x\r\n--bb\r\n--b-no\r\n--b x';
    const parts = splitParts(body('--b\r\n\r\n', content, '\r\n--b--\r\n'), 'b');
    expect(parts.map((part) => part.content.toString())).toEqual([content]);
  });

  it('allows padding after a delimiter, headerless parts, a preamble and an epilogue', () => {
    const parts = splitParts(body('preamble\r\n--b  \r\n\r\none\r\n--b\t\r\nX-A: 1\r\n\r\ntwo\r\n--b--epilogue\r\n--b\r\n'), 'b');
    expect(parts.map((part) => part.content.toString())).toEqual(['one', 'two']);
    expect(parts[0]!.headers.size).toBe(0);
    expect(parts[1]!.headers.get('x-a')).toBe('1');
  });

  it('reads folded and case-insensitive headers', () => {
    const [part] = splitParts(body('--b\r\ncontent-TYPE: application/json;\r\n charset=UTF-8\r\n\r\n{}\r\n--b--'), 'b');
    expect(part!.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  });
});

describe('parseMultipart', () => {
  it('returns the metadata, the media type and the media', () => {
    const upload = parseMultipart(
      body('--b\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{"name":"Llama"}\r\n--b\r\nContent-Type: image/jpeg\r\n\r\nJPEG\r\n--b--'),
      related('b'),
    );
    expect(upload).toEqual({ metadata: { name: 'Llama' }, contentType: 'image/jpeg', media: Buffer.from('JPEG') });
  });

  it('refuses a part without a blank line after its headers', () => {
    expect(() => parseMultipart(body('--b\r\nContent-Type: application/json\r\n{}\r\n--b\r\n\r\nx\r\n--b--'), related('b'))).toThrow(/blank line/);
  });
});

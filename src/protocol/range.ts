import { UploadError } from '../errors/upload-error.ts';

// Servers send `bytes=0-N`, plain `0-N`, and some append `/TOTAL` or `/*`.
const RANGE = /^\s*(?:bytes\s*[= ]\s*)?(\d+)-(\d+)(?:\/(?:\d+|\*))?\s*$/i;

/**
 * How many bytes the server has committed, from the `Range` header of a `308`:
 * `bytes=0-N` means N + 1; no header means none yet.
 */
export function committedFromRange(value: string | null): number {
  if (value === null) return 0;
  const match = RANGE.exec(value);
  const first = match ? Number(match[1]) : NaN;
  const last = match ? Number(match[2]) : NaN;
  if (first !== 0 || !Number.isSafeInteger(last)) {
    throw new UploadError(
      'protocol',
      `The server answered 308 with a malformed Range header "${value}"; expected "bytes=0-N". ` +
        'The upload stopped so that no byte is lost; the server needs fixing.',
    );
  }
  return last + 1;
}

/** `Content-Range` for the bytes [start, end) of `total`; an empty range asks for the status. */
export function contentRange(start: number, end: number, total: number): string {
  return start === end ? `bytes */${total}` : `bytes ${start}-${end - 1}/${total}`;
}

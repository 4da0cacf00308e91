/** A chunk's `Content-Range: bytes FIRST-LAST/TOTAL`, or a status query's `bytes * /TOTAL`; `*` totals are null. */
export type ParsedContentRange =
  | { query: true; total: number | null }
  | { query: false; first: number; last: number; total: number | null };

const QUERY = /^bytes \*\/(\d+|\*)$/;
const CHUNK = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

const numberOrNull = (text: string | undefined) => (text === undefined || text === '*' ? null : Number(text));

/** Undefined when the header is malformed (also when LAST < FIRST or a number is too large to be exact). */
export function parseContentRange(value: string): ParsedContentRange | undefined {
  const text = value.trim();
  const query = QUERY.exec(text);
  if (query) {
    const total = numberOrNull(query[1]);
    return total === null || Number.isSafeInteger(total) ? { query: true, total } : undefined;
  }
  const chunk = CHUNK.exec(text);
  if (!chunk) return undefined;
  const first = Number(chunk[1]);
  const last = Number(chunk[2]);
  const total = numberOrNull(chunk[3]);
  if (!Number.isSafeInteger(last) || last < first || (total !== null && !Number.isSafeInteger(total))) return undefined;
  return { query: false, first, last, total };
}

const REST = /^bytes (\d+)-\*\/(\d+|\*)$/;

/**
 * `bytes FIRST-*\/TOTAL` (or `/*`): the rest of the object from FIRST, as long as the request's
 * body. Not in the protocol pages, but Cloud Storage takes it, and Google's Node client sends it
 * when it streams a file in one request. Undefined for anything else.
 */
export function parseRestOfObject(value: string): { first: number; total: number | null } | undefined {
  const rest = REST.exec(value.trim());
  if (!rest) return undefined;
  const first = Number(rest[1]);
  const total = numberOrNull(rest[2]);
  if (!Number.isSafeInteger(first) || (total !== null && (!Number.isSafeInteger(total) || total < first))) return undefined;
  return { first, total };
}

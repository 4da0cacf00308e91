/** A chunk's `Content-Range: bytes FIRST-LAST/TOTAL`, or a status query's `bytes * /TOTAL`. */
export type ParsedContentRange =
  | { query: true; total: number | null }
  | { query: false; first: number; last: number; total: number | null };

export function parseContentRange(value: string): ParsedContentRange | undefined {
  const query = /^bytes \*\/(\d+|\*)$/.exec(value.trim());
  if (query) return { query: true, total: query[1] === '*' ? null : Number(query[1]) };
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim());
  if (!chunk) return undefined;
  const [first, last] = [Number(chunk[1]), Number(chunk[2])];
  if (last < first) return undefined;
  return { query: false, first, last, total: chunk[3] === '*' ? null : Number(chunk[3]) };
}

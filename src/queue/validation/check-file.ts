/**
 * Why a file was not added: it failed `accept`; it is above `max-file-size` or below
 * `min-file-size`; the list holds `max-files` already, or would pass `max-total-size` with it; only
 * one file was allowed (no `multiple`); or the page cancelled its `upload-add` event.
 */
export type RejectReason = 'accept' | 'max-file-size' | 'min-file-size' | 'max-files' | 'max-total-size' | 'multiple' | 'cancelled-by-app';

export interface FileRules {
  /** The `accept` attribute's syntax: MIME types (`image/png`), wildcards (`image/*`) and extensions (`.pdf`). */
  accept: string;
  /** Bytes; `undefined` for no limit (and so for the others). */
  maxFileSize: number | undefined;
  minFileSize: number | undefined;
  /** How many files the list may hold (rejected and cancelled ones do not count). */
  maxFiles: number | undefined;
  /** Bytes, all listed files together (rejected and cancelled ones do not count). */
  maxTotalSize: number | undefined;
}

/** What the list holds already, as the rules count it. */
export interface Listed {
  count: number;
  bytes: number;
}

/** A failed rule: its reason, and the limit the file was checked against (bytes, or a count for `max-files`). */
export interface Rejection {
  reason: RejectReason;
  limit?: number | undefined;
  /** The page's own words, from `upload-add`'s `detail.message`. */
  message?: string | undefined;
}

/** The tokens of an `accept` attribute, trimmed and lower-cased (they are case-insensitive); none once it is removed (null). */
export const acceptTokens = (accept: string | null): string[] =>
  (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

/** The same test a file picker applies with `accept`, done again because drops and pastes bypass the picker. */
export function matchesAccept(file: File, accept: string | null): boolean {
  const tokens = acceptTokens(accept);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) =>
    token.startsWith('.') ? name.endsWith(token) : token.endsWith('/*') ? type.startsWith(token.slice(0, -1)) : type === token,
  );
}

// A limit given as an attribute that is not a number (NaN) is no limit.
const over = (value: number, limit: number | undefined) => limit !== undefined && value > limit;

/** The first rule the file breaks, the file's own first, then the list's; undefined when it may be added. */
export function checkFile(file: File, rules: FileRules, listed: Listed): Rejection | undefined {
  if (!matchesAccept(file, rules.accept)) return { reason: 'accept' };
  if (over(file.size, rules.maxFileSize)) return { reason: 'max-file-size', limit: rules.maxFileSize };
  if (rules.minFileSize !== undefined && file.size < rules.minFileSize) return { reason: 'min-file-size', limit: rules.minFileSize };
  if (over(listed.count + 1, rules.maxFiles)) return { reason: 'max-files', limit: rules.maxFiles };
  if (over(listed.bytes + file.size, rules.maxTotalSize)) return { reason: 'max-total-size', limit: rules.maxTotalSize };
  return undefined;
}

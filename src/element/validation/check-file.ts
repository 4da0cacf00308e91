/** Why a file was not added: it failed `accept`, it is above `max-file-size`, or only one file was allowed. */
export type RejectReason = 'accept' | 'max-file-size' | 'multiple';

export interface FileRules {
  /** The `accept` attribute's syntax: MIME types (`image/png`), wildcards (`image/*`) and extensions (`.pdf`). */
  accept: string;
  /** Bytes; `undefined` for no limit. */
  maxFileSize: number | undefined;
}

/** The tokens of an `accept` attribute, trimmed and lower-cased (they are case-insensitive). */
export const acceptTokens = (accept: string): string[] =>
  accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

/** The same test a file picker applies with `accept`, done again because drops and pastes bypass the picker. */
export function matchesAccept(file: File, accept: string): boolean {
  const tokens = acceptTokens(accept);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) =>
    token.startsWith('.') ? name.endsWith(token) : token.endsWith('/*') ? type.startsWith(token.slice(0, -1)) : type === token,
  );
}

export function checkFile(file: File, rules: FileRules): RejectReason | undefined {
  if (!matchesAccept(file, rules.accept)) return 'accept';
  if (rules.maxFileSize !== undefined && file.size > rules.maxFileSize) return 'max-file-size';
  return undefined;
}

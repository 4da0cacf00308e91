import { UploadError } from '../errors/upload-error.ts';
import { invalid, isPlainObject } from './option-checks.ts';

/**
 * What HTTP allows in a header value (RFC 9110's field-value): Latin-1 text without control characters
 * but tab. A browser refuses NUL, CR, LF and anything beyond Latin-1; servers refuse the other controls.
 */
export const isHeaderValue = (value: unknown): value is string => typeof value === 'string' && !/[^\t\x20-\x7e\x80-\xff]/.test(value);
const isHeaderName = (name: string): boolean => /^[!#$%&'*+.^_`|~\w-]+$/.test(name);

/** Headers a browser can send, or an `'invalid-option'` error naming the bad one (`source`: where they came from). */
function checkHeaders(headers: unknown, source: string): Record<string, string> {
  if (!isPlainObject(headers)) throw invalid(`${source} must be an object of header names to values.`);
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name) || !isHeaderValue(value)) {
      throw invalid(`${source} has a header that cannot be sent: "${name.slice(0, 99)}" (its value must be Latin-1 text without control characters).`);
    }
  }
  return headers as Record<string, string>;
}

/** The `headers` option as the protocol steps call it: afresh before each request, checked each time. */
export function normalizeHeaders(headers: unknown): () => Promise<Record<string, string>> {
  if (headers === undefined) return async () => ({});
  if (typeof headers === 'function') {
    return async () => {
      let value: unknown;
      try {
        value = await headers();
      } catch (cause) {
        throw new UploadError('invalid-option', 'The `headers` function failed, so no request could be authorised.', { cause });
      }
      return checkHeaders(value, 'What the `headers` function returned');
    };
  }
  if (typeof headers !== 'object') throw invalid('`headers` must be an object or a function returning one.');
  const checked = checkHeaders(headers, '`headers`');
  return async () => checked;
}


import { HttpError } from './http-helpers.ts';

/** The two parts of a `multipart/related` upload (RFC 2387): JSON metadata, then the media. */
export interface MultipartUpload {
  metadata: Record<string, unknown>;
  contentType: string;
  media: Buffer;
}

interface Part {
  headers: Map<string, string>;
  content: Buffer;
}

const malformed = (reason: string) => new HttpError(400, `Malformed multipart/related body: ${reason}`);

/** The boundary parameter of a `multipart/related` Content-Type, quoted or not. */
export function boundaryOf(contentType: string | undefined): string {
  if (!contentType || !/^\s*multipart\/related\s*(;|$)/i.test(contentType)) {
    throw new HttpError(400, `Content-Type must be multipart/related with a boundary; got "${contentType ?? ''}"`);
  }
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new HttpError(400, 'The multipart/related Content-Type has no boundary parameter');
  if (boundary.length > 70) throw new HttpError(400, 'The multipart boundary is longer than 70 characters');
  return boundary;
}

const isWhitespace = (byte: number | undefined) => byte === 0x20 || byte === 0x09;

/**
 * If a delimiter line (`--boundary`, optional padding, CRLF; or `--boundary--` to close) starts at `at`,
 * where the content after it begins; else undefined (the bytes only look like a boundary).
 */
function delimiterAt(body: Buffer, at: number, dashBoundary: Buffer): { close: boolean; next: number } | undefined {
  if (!body.subarray(at, at + dashBoundary.length).equals(dashBoundary)) return undefined;
  let cursor = at + dashBoundary.length;
  if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) return { close: true, next: cursor + 2 };
  while (isWhitespace(body[cursor])) cursor++;
  if (body[cursor] === 0x0d && body[cursor + 1] === 0x0a) return { close: false, next: cursor + 2 };
  return undefined;
}

/** The next delimiter at or after `from`; the CRLF before it belongs to it (RFC 2046), so `contentEnd` excludes it. */
function nextDelimiter(body: Buffer, from: number, dashBoundary: Buffer) {
  const crlfDashBoundary = Buffer.concat([Buffer.from('\r\n'), dashBoundary]);
  for (let at = body.indexOf(crlfDashBoundary, from); at >= 0; at = body.indexOf(crlfDashBoundary, at + 1)) {
    const delimiter = delimiterAt(body, at + 2, dashBoundary);
    if (delimiter) return { contentEnd: at, ...delimiter };
  }
  return undefined;
}

function parsePart(part: Buffer): Part {
  // A part with no headers starts with the blank line itself.
  const end = part.subarray(0, 2).toString('latin1') === '\r\n' ? 0 : part.indexOf('\r\n\r\n');
  if (end < 0) throw malformed('a part has no blank line after its headers');
  const headers = new Map<string, string>();
  const lines = end === 0 ? [] : part.subarray(0, end).toString('latin1').split('\r\n');
  let last: string | undefined;
  for (const line of lines) {
    if (isWhitespace(line.charCodeAt(0)) && last !== undefined) {
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed(`a part has a malformed header line "${line}"`);
    last = line.slice(0, colon).trim().toLowerCase();
    headers.set(last, line.slice(colon + 1).trim());
  }
  return { headers, content: part.subarray(end === 0 ? 2 : end + 4) };
}

/** The parts between the first delimiter and the close delimiter; preamble and epilogue are ignored. */
export function splitParts(body: Buffer, boundary: string): Part[] {
  const dashBoundary = Buffer.from(`--${boundary}`, 'latin1');
  let delimiter = delimiterAt(body, 0, dashBoundary) ?? nextDelimiter(body, 0, dashBoundary);
  if (!delimiter) throw malformed(`the boundary "${boundary}" does not occur in the body`);
  const parts: Part[] = [];
  while (!delimiter.close) {
    const next = nextDelimiter(body, delimiter.next, dashBoundary);
    if (!next) throw malformed(`the close delimiter "--${boundary}--" is missing`);
    parts.push(parsePart(body.subarray(delimiter.next, next.contentEnd)));
    delimiter = next;
  }
  return parts;
}

/** Parses an upload body: exactly two parts, JSON metadata first, then the media with its own Content-Type. */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartUpload {
  const parts = splitParts(body, boundaryOf(contentType));
  if (parts.length !== 2) throw malformed(`expected 2 parts (metadata, then media), got ${parts.length}`);
  const [first, second] = parts as [Part, Part];
  const metadataType = first.headers.get('content-type');
  if (!metadataType || !/^application\/json\s*(;|$)/i.test(metadataType)) {
    throw malformed(`the first part must be application/json metadata; its Content-Type is "${metadataType ?? ''}"`);
  }
  let metadata: unknown;
  try {
    metadata = JSON.parse(first.content.toString('utf8'));
  } catch {
    throw malformed('the metadata part is not valid JSON');
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw malformed('the metadata must be a JSON object');
  }
  return {
    metadata: metadata as Record<string, unknown>,
    contentType: second.headers.get('content-type') ?? 'application/octet-stream',
    media: second.content,
  };
}

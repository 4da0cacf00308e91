/** The two parts of a `multipart/related` upload (RFC 2387): JSON metadata, then the media. */
export interface MultipartUpload {
  metadata: Record<string, unknown>;
  contentType: string;
  media: Buffer;
}

export class MultipartError extends Error {}

export function boundaryOf(contentType: string | undefined): string {
  if (!contentType || !/^multipart\/related\b/i.test(contentType)) {
    throw new MultipartError('Content-Type must be multipart/related with a boundary');
  }
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MultipartError('The multipart/related Content-Type has no boundary');
  return boundary;
}

function parsePart(part: Buffer): { contentType: string | undefined; content: Buffer } {
  const end = part.indexOf('\r\n\r\n');
  if (end < 0) throw new MultipartError('A part has no blank line after its headers');
  const headers = part.subarray(0, end).toString('latin1').split('\r\n');
  const contentType = headers.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '');
  return { contentType, content: part.subarray(end + 4) };
}

/** Splits the body at its delimiters; the CRLF before each delimiter belongs to the delimiter (RFC 2046). */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartUpload {
  const boundary = boundaryOf(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(Buffer.from(`\r\n--${boundary}`));
  if (start < 0) throw new MultipartError('The body does not contain the boundary');
  if (start > 0) start += 2;
  const parts: Buffer[] = [];
  let cursor = start + delimiter.length;
  for (;;) {
    if (body.subarray(cursor, cursor + 2).toString() === '--') break;
    if (body.subarray(cursor, cursor + 2).toString() !== '\r\n') throw new MultipartError('A delimiter is not followed by CRLF');
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), cursor + 2);
    if (next < 0) throw new MultipartError('The body has no closing delimiter');
    parts.push(body.subarray(cursor + 2, next));
    cursor = next + 2 + delimiter.length;
  }
  if (parts.length !== 2) throw new MultipartError(`Expected 2 parts (metadata, media), got ${parts.length}`);
  const [first, second] = parts.map(parsePart) as [ReturnType<typeof parsePart>, ReturnType<typeof parsePart>];
  if (!first.contentType || !/^application\/json\b/i.test(first.contentType)) {
    throw new MultipartError('The first part must be application/json metadata');
  }
  let metadata: unknown;
  try {
    metadata = JSON.parse(first.content.toString('utf8'));
  } catch {
    throw new MultipartError('The metadata part is not valid JSON');
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new MultipartError('The metadata must be a JSON object');
  }
  return {
    metadata: metadata as Record<string, unknown>,
    contentType: second.contentType ?? 'application/octet-stream',
    media: second.content,
  };
}

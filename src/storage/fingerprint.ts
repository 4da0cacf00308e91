import { readWithin } from './read-within.ts';
import { FINGERPRINT_EDGE as EDGE } from '../utils/sizes.ts';

/** What an upload asks of the server: a stored session is taken up again only for the same request. */
export interface UploadRequest {
  endpoint: string | undefined;
  metadata: Record<string, unknown> | undefined;
  method: string;
  contentType: string;
  uploadType: string;
}

/** SHA-256 as lowercase hex. */
export async function sha256Hex(data: BufferSource | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Identifies a file and what its upload asks for across reloads: the file's name, size, type and date
 * plus a hash of its first and last 64 KiB, so another file with the same name and size is not taken
 * for it; and the endpoint, metadata, method, content type and upload type, so a session started for
 * another request (another folder, another resource) never receives this one's bytes.
 */
export async function fingerprint(file: Blob, request: UploadRequest, readTimeoutMs = 30_000): Promise<string> {
  const { name = '', lastModified = 0 } = file as Partial<File>;
  const { endpoint, metadata, method, contentType, uploadType } = request;
  const described = new TextEncoder().encode(JSON.stringify([endpoint ?? '', name, file.size, file.type, lastModified, method, contentType, uploadType, metadata]));
  // Read as they are, with no Blob made around them: each Blob made or read is a round trip to the
  // browser's process, which with 1,000 small files was a good part of each one's cost. A file no
  // larger than one edge is read once, whole. The bytes hashed are those of earlier versions (records stay found).
  const read: Promise<ArrayBuffer[]> = file.size <= EDGE ? Promise.all([file.arrayBuffer()]) : Promise.all([file.slice(0, EDGE).arrayBuffer(), file.slice(Math.max(EDGE, file.size - EDGE)).arrayBuffer()]);
  const edges = await readWithin(read, file, readTimeoutMs);
  const bytes = new Uint8Array(edges.reduce((sum, edge) => sum + edge.byteLength, described.length));
  bytes.set(described);
  let at = described.length;
  for (const edge of edges) {
    bytes.set(new Uint8Array(edge), at);
    at += edge.byteLength;
  }
  return sha256Hex(bytes);
}

import { SessionGone } from '../protocol/failures.ts';
import { queryStatus } from '../protocol/query-status.ts';
import { isTrustedStoredSession } from '../security/origin-policy.ts';
import type { StoredUpload } from '../storage/stored-upload.ts';
import { defaultClient } from '../transport/default-client.ts';

/**
 * Where an interrupted upload's session stands, as its server said: the bytes it holds (the file's
 * size once finished), `'gone'` (it answered 404 or 410: only a new session goes on), `'asking'`
 * until it answers, `'unanswered'` when it did not (the network, another status, a session URI the
 * endpoint does not vouch for): the record's own figure, the last the server confirmed, is all there is.
 */
export type SessionStanding = number | 'asking' | 'gone' | 'unanswered';

/**
 * Asks a stored session how many bytes it holds: the protocol's status query, with no headers, as
 * the session's cancel (its URI is its own credential). Only a session the endpoint's origin vouches
 * for is asked, as the engine would resume it; what it claims is bounded by the file's size.
 */
export async function askSession(record: StoredUpload, endpoint: string, signal: AbortSignal): Promise<SessionStanding> {
  const url = new URL(endpoint, location.href);
  if (!isTrustedStoredSession(record.sessionUri, url.href, new Set([url.origin]))) return 'unanswered';
  try {
    const context = {
      http: defaultClient(),
      // A status query reads only the size (`Content-Range: bytes */size`).
      file: { size: record.size } as Blob,
      endpoint: record.endpoint,
      method: 'PUT' as const,
      contentType: record.type,
      metadata: undefined,
      headers: async () => ({}),
      credentialOrigins: new Set<string>(),
    };
    const status = await queryStatus(context, record.sessionUri, record.size, signal);
    return status.final ? record.size : status.committed;
  } catch (error) {
    return error instanceof SessionGone ? 'gone' : 'unanswered';
  }
}

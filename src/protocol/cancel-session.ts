import { isAcceptableSessionUri } from '../security/origin-policy.ts';
import type { HttpClient } from '../transport/http-client.ts';

/** A server that does not answer the cancel soon is left to expire the session. */
const CANCEL_TIMEOUT_MS = 10_000;

/**
 * Ends a session on the server, as Google's protocol does: `DELETE` on the session URI, answered
 * `499` (a `404` means it was gone already; both are fine). No headers travel: the session URI is its
 * own credential, and it may be on another origin than the tokens are for. Only a URI that would
 * pass as a `Location` is sent to. Failures are ignored: the session then expires on its own.
 */
export async function cancelSession(sessionUri: string, endpoint: string | undefined, http: HttpClient): Promise<void> {
  try {
    const url = new URL(sessionUri);
    if (!isAcceptableSessionUri(url, endpoint === undefined ? undefined : new URL(endpoint))) return;
    await http({ method: 'DELETE', url: url.href, headers: {}, signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
  } catch {
    // Nothing to do: an unsupported or unreachable cancel leaves the session to expire.
  }
}

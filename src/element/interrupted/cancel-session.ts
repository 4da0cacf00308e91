/**
 * Asks the server to cancel an upload session, as Google's protocol does it: `DELETE` on the
 * session URI (answered `499`; the session is gone after). No headers and no cookies travel: the
 * session URI is its own credential, and it may be on another origin than the tokens are for.
 * A server that does not support it leaves the session to expire; nothing is waited on or reported.
 */
export function cancelSession(sessionUri: string): void {
  let url: URL;
  try {
    url = new URL(sessionUri);
  } catch {
    return;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
  fetch(url, { method: 'DELETE', credentials: 'omit' }).catch(() => undefined);
}

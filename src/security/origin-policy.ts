function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * A session URI may carry the file's bytes only over `https:`, or `http:` on this machine or
 * when the endpoint itself was `http:` (the caller chose plain HTTP already); and never with a user
 * name or password in it, which `fetch` refuses outright (every status query would fail).
 */
export function isAcceptableSessionUri(uri: URL, endpoint: URL | undefined): boolean {
  if (uri.username || uri.password) return false;
  if (uri.protocol === 'https:') return true;
  if (uri.protocol !== 'http:') return false;
  return isLoopback(uri.hostname) || endpoint?.protocol === 'http:';
}

/** An absolute http(s) URL, whose origin `credentialOrigins` takes; never resolved against the page. */
export function isHttpOrigin(value: unknown): boolean {
  try {
    return /^https?:$/.test(new URL(value as string).protocol);
  } catch {
    return false;
  }
}

/**
 * The origins that may see the caller's headers (tokens): the endpoint's, plus any the caller named.
 * Without an endpoint, a given session URI's origin only when it is the page's own: a session a
 * backend started on a storage host is its own credential, and the app's token is for the app.
 */
export function credentialOrigins(endpoint: URL | undefined, sessionUri: URL | undefined, extra: readonly string[]): Set<string> {
  const origins = new Set(extra.map((origin) => new URL(origin).origin));
  const own = endpoint ?? (sessionUri?.origin === globalThis.location?.origin ? sessionUri : undefined);
  if (own) origins.add(own.origin);
  return origins;
}

/**
 * A session URI read back from storage is input, not trust: it must pass as a `Location` would
 * (`isAcceptableSessionUri`), and be on an origin this upload trusts (the endpoint's, or one in
 * `credentialOrigins`), or a crafted record could send the file anywhere.
 */
export function isTrustedStoredSession(sessionUri: string, endpoint: string | undefined, trusted: ReadonlySet<string>): boolean {
  try {
    const url = new URL(sessionUri);
    return trusted.has(url.origin) && isAcceptableSessionUri(url, endpoint === undefined ? undefined : new URL(endpoint));
  } catch {
    return false;
  }
}

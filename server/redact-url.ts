// Query parameters that carry a credential or a capability: an OAuth token, an API key, the upload_id
// (whoever has the session URI can write to the upload), a signed URL's signature and credential.
const SECRET_NAME = /^(key|upload_?id|code|sig|signature)$|token|secret|password|signature|credential|api[_-]?key/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

// The test controls name a session by its upload_id in the path: `/__control/sessions/<upload_id>[/faults]`.
const SESSION_PATH = /^(\/__control\/sessions\/)[^/?#]+/;

/**
 * A request target for a log line, the values of secret query parameters replaced by `REDACTED`
 * (`?uploadType=resumable&upload_id=REDACTED`), and the upload_id in a control path
 * (`/__control/sessions/REDACTED/faults`); the rest as the client sent it.
 */
export function redactUrl(target: string): string {
  return redactQuery(target.replace(SESSION_PATH, '$1REDACTED'));
}

function redactQuery(target: string): string {
  const query = target.indexOf('?');
  if (query < 0) return target;
  const params = target.slice(query + 1).split('&').map((param) => {
    const equals = param.indexOf('=');
    const name = equals < 0 ? param : param.slice(0, equals);
    return equals >= 0 && SECRET_NAME.test(decodedName(name)) ? `${name}=REDACTED` : param;
  });
  return `${target.slice(0, query)}?${params.join('&')}`;
}

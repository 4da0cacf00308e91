import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** The `publicUrl` option, checked once: an http(s) URL without query or fragment. */
export function parsePublicUrl(value: string): URL {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new TypeError(`publicUrl must be an http: or https: URL without query, fragment or credentials, e.g. https://uploads.example.test; got "${value}"`);
  }
  return url;
}

/** A socket address as a URL host: IPv4-mapped IPv6 as IPv4, other IPv6 in brackets. */
function hostOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * Where a session URI for this request points: `publicUrl` plus the request's path, else the
 * address and port the connection arrived at. Never the `Host` header: the client (or anything
 * on the way) writes it, and the session URI would then point wherever it says.
 */
export function sessionBase(publicUrl: URL | undefined, req: IncomingMessage, pathname: string): string {
  if (publicUrl) return `${publicUrl.origin}${publicUrl.pathname.replace(/\/+$/, '')}${pathname}`;
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  return `${scheme}://${hostOf(req.socket.localAddress ?? '127.0.0.1')}:${req.socket.localPort}${pathname}`;
}

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

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;
// `localhost`, an IPv4 loopback address or [::1], with an optional port: names that can only mean this machine.
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;

/**
 * The origin the client asked for, from `Host`, when both it and the connection are on this machine:
 * a page on http://localhost:5173 must get a session URI on that origin, not on 127.0.0.1, or the
 * engine takes its stored record for another origin's. Any other `Host` is not taken: the client (or
 * anything on the way) writes it, and the session URI would then point wherever it says.
 */
function loopbackOrigin(req: IncomingMessage, scheme: string): string | undefined {
  const host = req.headers.host;
  if (!host || !LOOPBACK_ADDRESS.test(req.socket.localAddress ?? '') || !LOOPBACK_HOST.test(host)) return undefined;
  return URL.parse(`${scheme}://${host}`)?.origin;
}

/**
 * Where a session URI for this request points: `publicUrl` plus the request's path; else the
 * loopback origin the client asked for (`localhost`), else the address and port the connection
 * arrived at.
 */
export function sessionBase(publicUrl: URL | undefined, req: IncomingMessage, pathname: string): string {
  if (publicUrl) return `${publicUrl.origin}${publicUrl.pathname.replace(/\/+$/, '')}${pathname}`;
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const origin = loopbackOrigin(req, scheme) ?? `${scheme}://${hostOf(req.socket.localAddress ?? '127.0.0.1')}:${req.socket.localPort}`;
  return `${origin}${pathname}`;
}

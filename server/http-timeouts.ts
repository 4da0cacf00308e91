import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';

/** A request's headers must arrive within this (slowloris), as Node's default. */
export const HEADERS_TIMEOUT_MS = 60_000;

/**
 * Lets a request take as long as its body takes to arrive. Node's `requestTimeout` (5 minutes by
 * default) cut off any request still arriving then: a whole file in one PUT (the Background Fetch
 * hand-off, up to 256 MiB) or a media upload on a slow link never finished. The headers stay bounded
 * (`headersTimeout`) and a body that stops arriving is cut by `guardBodyStall`.
 */
export function liftRequestTimeout(server: Server): void {
  server.requestTimeout = 0;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
}

/** A server for `handler` with those timeouts. */
export function createUploadServer(handler: RequestListener): Server {
  const server = createServer(handler);
  liftRequestTimeout(server);
  return server;
}

/**
 * Closes the connection when the request's body stops arriving for `ms` (a stalled client, or one
 * sending a byte now and then to hold a connection: slowloris). Only while the body arrives: the time
 * the server takes to answer afterwards (hashing a large object) does not count.
 */
export function guardBodyStall(req: IncomingMessage, ms: number): void {
  const socket = req.socket;
  // No body to wait for (a GET, a status query): its 'end' may never come, and the answer's time must not count.
  const bodiless = !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';
  if (req.complete || !socket || bodiless) return;
  const stalled = () => socket.destroy();
  const done = () => {
    socket.setTimeout(0);
    socket.off('timeout', stalled);
  };
  socket.setTimeout(ms);
  socket.on('timeout', stalled);
  req.once('end', done);
  req.once('close', done);
}

const FAULTS = `  --faults                    test controls: X-Test-Faults and /__control/… (anyone who reaches the
                              server can then make it misbehave; for tests and demos only).
                              In this repository's npm run server only, not in the published command
`;

/**
 * `--help`: the published command's refuses `--faults` and does not offer it; `npm run server`
 * (with the testing layer) lists it too.
 */
export const usage = (testing: boolean): string => `resumable-upload-server [options]: the reference server on its own, for local development and tests
(not for production: one process, everything in memory but the bytes, no authentication).
In this repository: npm run server -- [options].

  --port N                    port to listen on (default: $PORT or 8787; 0 for any free port)
  --host ADDRESS              address to listen on (default: 127.0.0.1, this machine only)
  --public-url URL            the server's address as clients reach it, for session URIs (Location);
                              default: the loopback origin a request asked for (localhost),
                              else the address and port it arrived at
  --dir PATH                  where uploaded bytes go, created if missing (default: a new
                              temporary directory, removed on exit)
  --max-upload-bytes N        the largest upload; larger ones get 413 (default: 5 GiB)
  --max-multipart-bytes N     the largest multipart body, read into memory; larger get 413
                              (default: 64 MiB)
  --max-buffered-bytes N      request bodies held in memory at once, over all requests; one more
                              gets 503 with Retry-After (default: 256 MiB)
  --session-ttl-ms N          idle sessions expire after this long and are forgotten (default: 7 days)
  --max-sessions N            sessions held at once; cancelled ones free their place at once,
                              finished ones make room; beyond, starts get 503 (default: 1000)
  --reclaim-idle-ms N         at --max-sessions, an unfinished session idle this long gives its
                              place to a new start (default: 1 hour)
  --max-objects N             finished objects kept, the oldest deleted beyond (default: 1000)
  --body-stall-timeout-ms N   a request body that sends nothing for this long is cut off
                              (default: 60 s; a body that keeps arriving has no time limit)
${testing ? FAULTS : ''}  --quiet                     no line per request
  --help                      this text`;

/** `npm run server -- --help`, with `--faults`; docs/server.md carries it as printed (scripts/server-docs.ts). */
export const USAGE = usage(true);

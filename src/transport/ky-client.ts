import ky from 'ky';
import { DEFAULT_STALL_TIMEOUT_MS, NetworkFailure, type HttpClient } from './http-client.ts';

// The engine owns retries (a status query must come first), statuses (308 is not an error here)
// and timeouts (a large chunk may take minutes), so ky's own policies are all off. ky 1.x copies
// every request for a retry (`Request.clone`, a tee of its body) even with `retry: 0`: a hook that
// answers the request itself skips that copy, a tenth of the page's work for a small file.
const client = ky.create({ retry: 0, timeout: false, throwHttpErrors: false, hooks: { beforeRequest: [(request) => fetch(request)] } });

/**
 * The control requests (start, status, a zero-byte file's final request, cancel) carry few bytes to
 * watch, so a fetch has no progress to tell a slow server from a dead one: the answer's headers must
 * come within `stallTimeoutMs`, then its body within as long again (a body that trickles forever
 * does not keep the request alive). Either way the request is cancelled as a `NetworkFailure`.
 */
export function kyClient(stallTimeoutMs = DEFAULT_STALL_TIMEOUT_MS): HttpClient {
  return async ({ method, url, headers, body, signal }) => {
    if (signal.aborted) throw signal.reason;
    const stall = new AbortController();
    const forward = () => stall.abort(signal.reason);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => stall.abort(new Error(`No answer within ${stallTimeoutMs} ms`)), stallTimeoutMs);
    };
    signal.addEventListener('abort', forward, { once: true });
    arm();
    try {
      const response = await client(url, { method, headers, body, signal: stall.signal });
      arm();
      // WebKitGTK leaves a body being read pending after the abort: the abort itself ends the wait.
      const aborted = new Promise<never>((_, reject) => stall.signal.addEventListener('abort', () => reject(stall.signal.reason), { once: true }));
      return { status: response.status, headers: response.headers, text: await Promise.race([response.text(), aborted]), url: response.url };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new NetworkFailure(url, error);
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', forward);
    }
  };
}

import { DEFAULT_STALL_TIMEOUT_MS, NetworkFailure, type HttpClient } from './http-client.ts';

/**
 * Request bodies go through XMLHttpRequest in every engine: in Chromium its `PUT` of a file slice is
 * faster than `fetch`'s, in Firefox neither is ahead (bench/README.md, In Firefox ESR), and its
 * upload progress events tell a slow link from a dead one (stall detection).
 */
export function xhrClient(stallTimeoutMs = DEFAULT_STALL_TIMEOUT_MS): HttpClient {
  return ({ method, url, headers, body, signal, onSent }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const xhr = new XMLHttpRequest();
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(watchdog);
        signal.removeEventListener('abort', onAbort);
      };
      const fail = (cause: unknown) => {
        settle();
        reject(new NetworkFailure(url, cause));
      };
      const onAbort = () => {
        settle();
        xhr.abort();
        reject(signal.reason);
      };
      const stalled = () => {
        xhr.abort();
        fail(new Error(`No progress for ${stallTimeoutMs} ms`));
      };
      const alive = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(stalled, stallTimeoutMs);
      };
      xhr.open(method, url);
      // As text, whatever the type: Firefox parses an untyped body as XML and logs an error for every empty 308.
      xhr.responseType = 'text';
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        alive();
        onSent?.(event.loaded);
      };
      // Once the answer's headers are in, its body has `stallTimeoutMs` in all: answers are small, and
      // one that trickles forever must not keep a chunk "uploading".
      xhr.onreadystatechange = () => {
        if (xhr.readyState !== XMLHttpRequest.HEADERS_RECEIVED) return;
        alive();
        xhr.upload.onprogress = null;
      };
      xhr.onload = () => {
        // Status 0 is no answer: Firefox fires load with it when the connection drops after the body was sent.
        if (xhr.status === 0) return fail(new Error('The connection closed without an answer'));
        settle();
        // getResponseHeader reads like Headers.get: case-insensitive, repeated headers joined by ", ".
        resolve({ status: xhr.status, headers: { get: (name) => xhr.getResponseHeader(name) }, text: xhr.responseText, url: xhr.responseURL });
      };
      xhr.onerror = () => fail(new Error('The connection failed'));
      signal.addEventListener('abort', onAbort, { once: true });
      // Armed before any event: a request that never fires one (its connection never made, its
      // preflight never answered) is given up all the same.
      alive();
      xhr.send(body ?? null);
    });
}

import type { HttpClient, HttpRequest, HttpResponse } from '../../../src/transport/http-client.ts';

/** One request the upload made, waiting for the test to answer it. */
export interface Asked {
  request: HttpRequest;
  answer(status: number, headers?: Record<string, string>, text?: string): void;
  /** No answer comes: the connection dropped. */
  drop(cause?: unknown): void;
}

/**
 * An `HttpClient` whose every request the test awaits, checks and answers, in order (a
 * conversation, as tus-js-client's `TestHttpStack`): `next()` gives the next request made.
 */
export function scriptedClient(): { client: HttpClient; next(): Promise<Asked> } {
  const made: Asked[] = [];
  const waiting: ((asked: Asked) => void)[] = [];
  const client: HttpClient = (request) =>
    new Promise<HttpResponse>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      const asked: Asked = {
        request,
        answer: (status, headers = {}, text = '') => resolve({ status, headers: new Headers(headers), text, url: request.url }),
        drop: (cause = new TypeError('connection reset')) => reject(cause),
      };
      const taker = waiting.shift();
      if (taker) taker(asked);
      else made.push(asked);
    });
  const next = () => {
    const asked = made.shift();
    return asked ? Promise.resolve(asked) : new Promise<Asked>((resolve) => waiting.push(resolve));
  };
  return { client, next };
}

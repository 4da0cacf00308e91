import { RetryableFailure } from '../errors/retryable-failure.ts';
import { UploadError } from '../errors/upload-error.ts';
import { NetworkFailure, type HttpClient, type HttpResponse } from './http-client.ts';

/**
 * The caller's client (the `httpClient` option), held to the port's contract as a server's answer
 * is held to the protocol: a failure other than the request's abort is a lost connection (retried),
 * and an answer that does not read as one, or a client that is no function, fails with `'invalid-option'`.
 * A client deaf to the request's signal does not hold up a pause or an abort: they settle as with
 * the built-in transports, and its late answer is dropped.
 */
export const callerClient =
  (client: HttpClient): HttpClient =>
  async (request) => {
    if (typeof client !== 'function') throw new UploadError('invalid-option', '`httpClient` must be a function.');
    let response;
    try {
      response = await new Promise<HttpResponse>((resolve, reject) => {
        const { signal } = request;
        // An abort before the call fires no event to hear (a deaf client would then hold the upload):
        // thrown here, it rejects this promise with the signal's reason.
        signal.throwIfAborted();
        const abort = () => reject(signal.reason);
        signal.addEventListener('abort', abort, { once: true });
        Promise.resolve(request)
          .then(client)
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', abort));
      });
    } catch (cause) {
      if (request.signal.aborted) throw request.signal.reason;
      throw cause instanceof RetryableFailure ? cause : new NetworkFailure(request.url, cause);
    }
    if (!Number.isInteger(response?.status) || typeof response.text !== 'string' || typeof response.headers?.get !== 'function') {
      throw new UploadError('invalid-option', `\`httpClient\` answered ${request.method} ${request.url} with no { status, headers, text }.`);
    }
    return response;
  };

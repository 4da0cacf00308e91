import ky from 'ky';
import { NetworkFailure, type HttpClient } from './http-client.ts';

// The engine owns retries (a status query must come first), statuses (308 is not an error here)
// and timeouts (a large chunk may take minutes), so ky's own policies are all off.
const client = ky.create({ retry: 0, timeout: false, throwHttpErrors: false });

export const kyClient: HttpClient = async ({ method, url, headers, body, signal }) => {
  try {
    const response = await client(url, { method, headers, body, signal });
    return { status: response.status, headers: response.headers, text: await response.text(), url: response.url };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new NetworkFailure(url, error);
  }
};

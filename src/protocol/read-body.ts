import type { HttpResponse } from '../transport/http-client.ts';

/** The response body as parsed JSON when it is JSON, else as text. */
export function readBody({ headers, text }: HttpResponse): unknown {
  if (/\bjson\b/i.test(headers.get('Content-Type') ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      // A server that labels text as JSON still deserves to have its words shown.
    }
  }
  return text;
}

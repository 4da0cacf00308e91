import { describe, expect, it } from 'vitest';
import { cancelSession } from '../../src/protocol/cancel-session.ts';
import type { HttpRequest } from '../../src/transport/http-client.ts';

// The one cancel step (upload.abort({ terminate: true }), the element's cancel and Discard): it sends
// one DELETE with no header and no body, and only to a URI that would pass as a session's Location.
describe('cancelSession', () => {
  const endpoint = 'https://uploads.example/upload/files';
  const recording = () => {
    const requests: HttpRequest[] = [];
    const http = async (request: HttpRequest) => (requests.push(request), { status: 499, headers: new Headers(), text: '' });
    return { requests, http };
  };

  it('sends one DELETE, with no header and no body, to the session URI', async () => {
    const { requests, http } = recording();
    await cancelSession(`${endpoint}?upload_id=x`, endpoint, http);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: `${endpoint}?upload_id=x`, headers: {} });
    expect(requests[0]!.body).toBeUndefined();
  });

  it.each([
    'http://uploads.example/upload?upload_id=x', // plain HTTP off this machine, for an https: endpoint
    'javascript:alert(1)',
    'data:text/plain,x',
    'https://user:password@uploads.example/upload?upload_id=x',
    'not a url',
  ])('sends nothing to %s', async (uri) => {
    const { requests, http } = recording();
    await cancelSession(uri, endpoint, http);
    expect(requests).toEqual([]);
  });

  it('ignores a server that fails', async () => {
    await expect(cancelSession(`${endpoint}?upload_id=x`, endpoint, async () => Promise.reject(new Error('reset')))).resolves.toBeUndefined();
  });
});

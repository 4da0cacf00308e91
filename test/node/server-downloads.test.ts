/**
 * `/__files/<id>` serves what anyone uploaded on the server's (and the demo's) origin: the bytes come
 * back as sent, but as a file to save, never as a page or script that runs on that origin.
 */
import { describe, expect, it } from 'vitest';
import { send } from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';

const server = referenceServerForSuite();
const media = () => `${server.origin}/upload/x?uploadType=media`;

async function upload(body: string, contentType: string): Promise<string> {
  const answer = await send(media(), { method: 'POST', headers: { 'Content-Type': contentType }, body });
  expect(answer.status).toBe(200);
  return answer.json<{ id: string }>().id;
}

function expectInert(headers: Record<string, unknown>) {
  expect(headers['content-disposition']).toBe('attachment');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'$/);
}

describe('downloads', () => {
  it.each([
    ['text/html', '<script>parent.stolen = indexedDB</script>'],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['application/octet-stream', '<html><script>alert(1)</script>'],
  ])('serve an uploaded %s as an attachment that cannot run, with its bytes and declared type', async (contentType, body) => {
    const id = await upload(body, contentType);
    for (const method of ['GET', 'HEAD']) {
      const answer = await send(`${server.origin}/__files/${id}`, { method });
      expect(answer.status).toBe(200);
      expectInert(answer.headers);
      expect(answer.headers['content-type']).toBe(contentType);
      expect(answer.text).toBe(method === 'GET' ? body : '');
    }
  });

  it('serve a multipart media type that is not a valid header value as bytes, not as a 500', async () => {
    const boundary = 'b';
    const body = `--${boundary}\r\nContent-Type: application/json\r\n\r\n{}\r\n--${boundary}\r\nContent-Type: text/html\x01\r\n\r\n<p>x</p>\r\n--${boundary}--\r\n`;
    const answer = await send(`${server.origin}/upload/x?uploadType=multipart`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/related; boundary=${boundary}` },
      body: Buffer.from(body, 'latin1'),
    });
    expect(answer.status).toBe(200);
    const download = await send(`${server.origin}/__files/${answer.json<{ id: string }>().id}`);
    expect(download.status).toBe(200);
    expectInert(download.headers);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.text).toBe('<p>x</p>');
  });
});

/**
 * The request log shows what was asked, never a credential: the values of access_token, key,
 * upload_id (whoever holds the session URI can write to the upload) and signed-URL parameters.
 */
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import { redactUrl } from '../../server/redact-url.ts';
import { putChunk, send, startSession, uploadIdOf } from './support/http-client.ts';
import { createTestingLayer } from '../../server/testing/index.ts';
import { until } from '../support/until.ts';

describe('the request log', () => {
  it('redacts tokens, keys, upload_id and signatures, and keeps the rest', async () => {
    const lines: string[] = [];
    let wanted = 0;
    let seen: () => void = () => {};
    const logged = (count: number) => new Promise<void>((resolve) => ((wanted = count), (seen = resolve), lines.length >= count && resolve()));
    const reference = createReferenceServer({ log: (line) => (lines.push(line), lines.length >= wanted && seen()) });
    const { url, close } = await reference.listen(0, '127.0.0.1');
    try {
      const sessionUri = await startSession(url, { size: 10, path: '/upload/x' });
      // The start's own query carries a token and a key as Google's APIs take them.
      await send(`${url}/upload/x?uploadType=resumable&access_token=ya29.SECRET1&key=SECRET2&name=a.txt`, { method: 'POST' });
      await putChunk(`${sessionUri}&X-Goog-Signature=SECRET3&X-Goog-Credential=SECRET4&X-Amz-Security-Token=SECRET5`, Buffer.from('0123456789'), 0, 10);
      await logged(3);
      const log = lines.join('\n');
      for (const secret of [uploadIdOf(sessionUri), 'SECRET1', 'SECRET2', 'SECRET3', 'SECRET4', 'SECRET5']) expect(log).not.toContain(secret);
      expect(lines[1]).toMatch(/^POST \/upload\/x\?uploadType=resumable&access_token=REDACTED&key=REDACTED&name=a\.txt → 200/);
      expect(lines[2]).toMatch(/^PUT \/upload\/x\?uploadType=resumable&upload_id=REDACTED&X-Goog-Signature=REDACTED&X-Goog-Credential=REDACTED&X-Amz-Security-Token=REDACTED → 201/);
    } finally {
      await close();
    }
  });

  it("redacts the upload_id that names a session in the test controls' paths", async () => {
    const lines: string[] = [];
    const reference = createReferenceServer({ testing: createTestingLayer(), log: (line) => lines.push(line) });
    const { url, close } = await reference.listen(0, '127.0.0.1');
    try {
      const uploadId = uploadIdOf(await startSession(url, { size: 10, path: '/upload/x' }));
      expect((await send(`${url}/__control/sessions/${uploadId}`)).status).toBe(200);
      expect((await send(`${url}/__control/sessions/${uploadId}/faults`, { method: 'POST', body: Buffer.from('[]') })).status).toBe(204);
      await until(() => lines.length >= 3, () => `three log lines (${JSON.stringify(lines)})`);
      expect(lines).toHaveLength(3);
      expect(lines.join('\n')).not.toContain(uploadId);
      expect(lines[1]).toMatch(/^GET \/__control\/sessions\/REDACTED → 200/);
      expect(lines[2]).toMatch(/^POST \/__control\/sessions\/REDACTED\/faults → 204/);
    } finally {
      await close();
    }
  });

  it.each([
    ['/__control/sessions/abc-123', '/__control/sessions/REDACTED'],
    ['/__control/sessions/abc-123/faults?x=1&upload_id=abc-123', '/__control/sessions/REDACTED/faults?x=1&upload_id=REDACTED'],
    ['/__control/faults', '/__control/faults'],
    ['/upload/x', '/upload/x'],
    ['/upload/x?uploadType=media', '/upload/x?uploadType=media'],
    ['/x?%61ccess_token=s&client_secret=s&refresh_token=s&id_token=s&apiKey=s&api_key=s&sig=s&password=s', '/x?%61ccess_token=REDACTED&client_secret=REDACTED&refresh_token=REDACTED&id_token=REDACTED&apiKey=REDACTED&api_key=REDACTED&sig=REDACTED&password=REDACTED'],
    ['/x?upload_id&uploadId=s&a=1&&keys=2&%zz=3', '/x?upload_id&uploadId=REDACTED&a=1&&keys=2&%zz=3'],
  ])('writes %s as %s', (target, line) => {
    expect(redactUrl(target)).toBe(line);
  });
});

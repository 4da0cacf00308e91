import { describe, expect, it } from 'vitest';
import { NetworkFailure } from '../../src/transport/http-client.ts';
import { kyClient } from '../../src/transport/ky-client.ts';
import { xhrClient } from '../../src/transport/xhr-client.ts';
import { patternFile } from './support/files.ts';
import { endpoint, objectsNamed, sessionLog, startSessionDirectly } from './support/server.ts';

// The transports as the protocol steps see them, against the reference server dropping connections.
describe('a connection dropped after the whole request arrived', () => {
  it('is a NetworkFailure for a body sent by XHR, never an HTTP answer with status 0', async () => {
    const file = patternFile(1000);
    // Firefox fires the XHR's load (not error) with status 0 here.
    const sessionUri = await startSessionDirectly(endpoint(), file.size, [{ kind: 'lose-response' }]);
    const request = xhrClient()({ method: 'PUT', url: sessionUri, headers: { 'Content-Range': `bytes 0-999/${file.size}` }, body: file, signal: new AbortController().signal });
    await expect(request).rejects.toBeInstanceOf(NetworkFailure);
    const log = await sessionLog(sessionUri);
    expect(log.complete).toBe(true); // the server had every byte: only its answer was lost
  });

  it('is a NetworkFailure for a status query sent by ky', async () => {
    const sessionUri = await startSessionDirectly(endpoint(), 1000, [{ kind: 'lose-response', match: 'query' }]);
    const request = kyClient()({ method: 'PUT', url: sessionUri, headers: { 'Content-Range': 'bytes */1000' }, signal: new AbortController().signal });
    await expect(request).rejects.toBeInstanceOf(NetworkFailure);
  });
});

describe('a control request sent by ky', () => {
  it('goes out as built, not copied for a retry ky will not make (the engine retries), its body intact', async () => {
    const clone = Request.prototype.clone;
    let copies = 0;
    Request.prototype.clone = function (this: Request) {
      copies++;
      return clone.call(this);
    };
    try {
      const name = `${crypto.randomUUID()}.bin`;
      const send = kyClient();
      const signal = new AbortController().signal;
      const started = await send({
        method: 'POST',
        url: `${endpoint()}?uploadType=resumable`,
        headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-Upload-Content-Length': '3' },
        body: JSON.stringify({ name }),
        signal,
      });
      expect(started.status).toBe(200);
      const sessionUri = started.headers.get('Location')!;
      const status = await send({ method: 'PUT', url: sessionUri, headers: { 'Content-Range': 'bytes */3' }, signal });
      expect(status.status).toBe(308);
      expect(copies).toBe(0);
      // The metadata in the body arrived: the object is stored under its name.
      await fetch(sessionUri, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-2/3' }, body: 'abc' });
      expect(await objectsNamed(name)).toHaveLength(1);
    } finally {
      Request.prototype.clone = clone;
    }
  });
});

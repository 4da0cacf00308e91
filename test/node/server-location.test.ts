/**
 * The session URI (Location) is on the origin the client asked for when that is this machine: a page
 * served from http://localhost:… must be able to resume its session after a reload, which the engine
 * allows only on the endpoint's own origin. No other Host is ever reflected.
 */
import { describe, expect, it } from 'vitest';
import { queryStatus, send } from './support/http-client.ts';
import { referenceServerForSuite } from './support/reference-server.ts';

const server = referenceServerForSuite();
const port = () => new URL(server.origin).port;

async function locationFor(host: string): Promise<URL> {
  const answer = await send(`${server.origin}/upload/x?uploadType=resumable`, { method: 'POST', headers: { Host: host } });
  expect(answer.status).toBe(200);
  return new URL(answer.headers.location!);
}

describe('Location on a loopback connection', () => {
  it.each([
    ['localhost:PORT', 'http://localhost:PORT'],
    ['LocalHost:PORT', 'http://localhost:PORT'],
    ['127.0.0.1:PORT', 'http://127.0.0.1:PORT'],
    // A loopback name behind a local proxy on another port: the port the client asked for.
    ['localhost:5173', 'http://localhost:5173'],
  ])('is on the origin asked for with Host %s', async (host, origin) => {
    const location = await locationFor(host.replace('PORT', port()));
    expect(location.origin).toBe(origin.replace('PORT', port()));
    expect(location.pathname).toBe('/upload/x');
  });

  it('reaches the session it names', async () => {
    const location = await locationFor(`localhost:${port()}`);
    expect((await queryStatus(`${server.origin}${location.pathname}${location.search}`, '*')).status).toBe(308);
  });

  it.each(['evil.example', `evil.example:${'PORT'}`, 'localhost.evil.example:PORT', 'uploads.localhost:PORT', 'localhost:PORT@evil.example', 'localhost:99999', '127.0.0.1.evil.example'])(
    'is the address the connection arrived at with Host %s',
    async (host) => {
      const location = await locationFor(host.replace('PORT', port()));
      expect(location.origin).toBe(server.origin);
    },
  );
});

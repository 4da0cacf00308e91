import { expect, it, vi } from 'vitest';
import { Upload } from '../../src/index.ts';
import { transportChunk } from '../../src/transport/default-client.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint } from './support/server.ts';

// A page with the engine loads its HTTP transports once it is idle (src/transport/default-client.ts),
// so its first upload does not wait a round trip for them before the session's start.
const realLoad = transportChunk.load;
let loads = 0;
transportChunk.load = () => {
  loads++;
  return realLoad();
};

it('the transports load once the page is idle, before any upload; the first upload uses them', async () => {
  await vi.waitUntil(() => loads > 0, { timeout: 5000, interval: 20 });
  expect(loads).toBe(1);
  const file = patternFile(QUANTUM + 7);
  const result = await new Upload(file, { endpoint: endpoint(), store: false }).start();
  expect(loads).toBe(1);
  await expectStored(result, file);
});

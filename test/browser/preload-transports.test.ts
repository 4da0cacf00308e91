import { expect, it } from 'vitest';
import { Upload, preloadTransports } from '../../src/index.ts';
import { transportChunk } from '../../src/transport/default-client.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint } from './support/server.ts';
import { countTransportLoads } from './support/transport-loads.ts';

// A page that uses the engine alone may load the transports before the first click
// (src/transport/default-client.ts): once, and the first Upload then finds them loaded. Here before
// the page is idle (the load at idle is off: transports-at-idle.test.ts).
transportChunk.atIdle = false;
const loads = countTransportLoads();

it('preloadTransports() loads the transports once, before any upload; the first upload uses them', async () => {
  expect(loads.count).toBe(0);
  preloadTransports();
  preloadTransports();
  expect(loads.count).toBe(1);
  const file = patternFile(QUANTUM + 7);
  const url = endpoint();
  const result = await new Upload(file, { endpoint: url, store: false }).start();
  expect(loads.count).toBe(1);
  await expectStored(result, file);
});

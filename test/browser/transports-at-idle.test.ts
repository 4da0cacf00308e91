import { expect, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint } from './support/server.ts';
import { countTransportLoads } from './support/transport-loads.ts';
import { until } from '../support/until.ts';

// A page with the engine loads its HTTP transports once it is idle (src/transport/default-client.ts),
// so its first upload does not wait a round trip for them before the session's start.
const loads = countTransportLoads();

it('the transports load once the page is idle, before any upload; the first upload uses them', async () => {
  await until(() => loads.count > 0, 'the transports load');
  expect(loads.count).toBe(1);
  const file = patternFile(QUANTUM + 7);
  const result = await new Upload(file, { endpoint: endpoint(), store: false }).start();
  expect(loads.count).toBe(1);
  await expectStored(result, file);
});

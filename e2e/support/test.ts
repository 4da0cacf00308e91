// Playwright's `test` for every spec: faults queued for "the next upload started"
// (`/__control/faults`) are cleared before each test, so one a test left unused (it failed, or
// started no upload) never hits another test's first upload. WebKit's flows do the same
// (test/e2e-webkit/flows.test.ts). A test that times out in a flow's `until` says what it waited for.
import { test as base } from '@playwright/test';
import { abandonWaits } from '../../test/support/until.ts';

export { expect, type Page } from '@playwright/test';

export const test = base.extend<{ clearNextFaults: void }>({
  clearNextFaults: [
    async ({ request }, use, testInfo) => {
      const cleared = await request.delete('/__control/faults');
      if (!cleared.ok()) throw new Error(`Clearing the next upload's faults answered ${cleared.status()}`);
      await use();
      const waits = abandonWaits();
      if (waits.length > 0 && testInfo.status !== testInfo.expectedStatus) testInfo.annotations.push({ type: 'still waiting', description: waits.join('; ') });
    },
    { auto: true },
  ],
});

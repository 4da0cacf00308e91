// Playwright's `test` for every spec: faults queued for "the next upload started"
// (`/__control/faults`) are cleared before each test, so one a test left unused (it failed, or
// started no upload) never hits another test's first upload. WebKit's flows do the same
// (test/e2e-webkit/flows.test.ts). A test that times out in a flow's `until` says what it waited for.
import { test as base } from '@playwright/test';
import { abandonWaits } from '../../test/support/until.ts';

export { expect, type Page } from '@playwright/test';

export const test = base.extend<{ clearNextFaults: void }>({
  clearNextFaults: [
    // After `page` (set up before, torn down after): a flow timed out in an `until` still polls the
    // page when this asks what it waited for. Torn down first, the page's close would end that wait.
    async ({ request, page: _ }, use, testInfo) => {
      const cleared = await request.delete('/__control/faults');
      if (!cleared.ok()) throw new Error(`Clearing the next upload's faults answered ${cleared.status()}`);
      await use();
      const waits = abandonWaits();
      // An attachment with a body, not an annotation: the list reporter (CI's) prints the one under
      // the failure and never the other.
      if (waits.length > 0 && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('still waiting', { body: waits.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

// Playwright's `test` for every spec: faults queued for "the next upload started"
// (`/__control/faults`) are cleared before each test, so one a test left unused (it failed, or
// started no upload) never hits another test's first upload. WebKit's flows do the same
// (test/e2e-webkit/flows.test.ts).
import { test as base } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

export const test = base.extend<{ clearNextFaults: void }>({
  clearNextFaults: [
    async ({ request }, use) => {
      const cleared = await request.delete('/__control/faults');
      if (!cleared.ok()) throw new Error(`Clearing the next upload's faults answered ${cleared.status()}`);
      await use();
    },
    { auto: true },
  ],
});

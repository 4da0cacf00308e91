import { test } from './support/test.ts';
import { elementRecoveryFlows } from './flows/element-recovery.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of elementRecoveryFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

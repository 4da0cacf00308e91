import { test } from './support/test.ts';
import { demoFlows } from './flows/demo.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of demoFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

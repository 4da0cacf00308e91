import { test } from './support/test.ts';
import { elementFlows } from './flows/element.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of elementFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

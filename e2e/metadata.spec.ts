import { test } from '@playwright/test';
import { metadataFlows } from './flows/metadata.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of metadataFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

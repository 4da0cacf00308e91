import { test } from './support/test.ts';
import { thumbnailFlows } from './flows/thumbnails.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of thumbnailFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

import { test } from '@playwright/test';
import { cameraFlows } from './flows/camera.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of cameraFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

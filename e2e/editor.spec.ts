import { test } from '@playwright/test';
import { editorFlows } from './flows/editor.ts';
import { playwrightDriver } from './support/playwright-driver.ts';

for (const { name, run } of editorFlows) test(name, async ({ page, baseURL }) => run(playwrightDriver(page, baseURL!)));

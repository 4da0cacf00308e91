import { demoFlows } from './flows/demo.ts';
import { playwrightTests } from './support/playwright-driver.ts';

playwrightTests(demoFlows);

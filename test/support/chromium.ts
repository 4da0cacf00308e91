// Chromium alone, for the benchmarks and the package test; the test rigs use browsers.ts.
import { browserExecutable, chromiumArgs } from './browsers.ts';

export { chromiumArgs };
export const chromiumExecutable = browserExecutable('chromium');

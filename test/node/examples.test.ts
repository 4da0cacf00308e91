// The React example (JSX and its JSX types for <resumable-upload>) type-checks against the sources.
// Its behaviour, with React 19 and Vue 3, is tested in test/browser/frameworks.test.ts.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const repository = resolve(import.meta.dirname, '../..');

it('type-checks examples/react', async () => {
  const checked = promisify(execFile)(resolve(repository, 'node_modules/.bin/tsc'), ['-p', 'examples/tsconfig.json'], { cwd: repository });
  await expect(checked.catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout)))).resolves.toBeDefined();
}, 60_000);

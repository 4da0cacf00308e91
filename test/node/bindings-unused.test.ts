// A framework binding costs nothing to a page that does not call it: imported for its types or by
// a line left over (`import 'resumable-upload/react'`), it is dropped whole, its framework with it,
// because the package marks no binding as having side effects. Bundled as an application would.
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const repository = resolve(import.meta.dirname, '../..');

/** The page's code, minified, with every dependency bundled in. */
async function bundled(source: string): Promise<string> {
  const entry = '\0page';
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: repository,
    plugins: [{ name: 'page', enforce: 'pre', resolveId: (id) => (id.endsWith('page.ts') ? entry : undefined), load: (id) => (id === entry ? { code: source, moduleType: 'ts' } : undefined) }],
    build: { write: false, lib: { entry: 'page.ts', formats: ['es'], fileName: 'page' }, rolldownOptions: { output: { minify: true, comments: false } } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((output) => output.output.map((file) => (file.type === 'chunk' ? file.code : ''))).join('\n');
}

describe('a binding the page does not call', () => {
  it.each(['react', 'vue', 'svelte'])('resumable-upload/%s adds no byte, nor its framework', async (binding) => {
    const queue = `import { UploadQueue } from '${repository}/src/queue.ts';\nconsole.log(new UploadQueue({ endpoint: '/upload' }).items);\n`;
    const alone = await bundled(queue);
    expect(await bundled(`import '${repository}/src/${binding}.ts';\n${queue}`)).toBe(alone);
    expect(await bundled(`import type {} from '${repository}/src/${binding}.ts';\n${queue}`)).toBe(alone);
  });
});

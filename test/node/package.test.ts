// The package as an application receives it: packed by npm, installed, type-checked, bundled by
// Vite and run in Chromium. Builds first (`npm pack` runs `prepack`), so it takes ~20 seconds.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../server/index.ts';
import { entries } from '../../vite.lib.config.ts';
import { chromiumArgs, chromiumExecutable } from '../support/chromium.ts';
import { consumerTsconfigs, writeConsumerProject } from './package/consumer-project.ts';
import { moduleGraph } from './package/module-graph.ts';
import { bin, packAndInstall, run, type PackedPackage } from './package/packed-package.ts';
import { serveDirectory } from './package/static-server.ts';

let packed: PackedPackage;

beforeAll(async () => {
  packed = await packAndInstall();
  await writeConsumerProject(packed.consumer);
}, 120_000);
afterAll(() => packed && rm(dirname(packed.consumer), { recursive: true, force: true }));

const shipped = (path: string) => join(packed.installed, path);
const usesLit = (packages: Set<string>) => [...packages].some((name) => name === 'lit' || name.startsWith('lit/'));

describe('the tarball', () => {
  it('holds the build, its declarations and maps, the manifest, the README and the docs, and no sources', async () => {
    const files = await readdir(packed.installed, { recursive: true });
    for (const file of ['dist/main.js', 'dist/main.d.ts', 'dist/index.js', 'dist/element.js', 'dist/element.d.ts.map', 'dist/engine/upload.js.map', 'custom-elements.json', 'README.md']) {
      expect(files).toContain(file);
    }
    expect(files).toContain('docs/recipes/google-drive.md');
    expect(files).toContain('docs/engine.md');
    expect(files.filter((file) => file.startsWith('src/') || file.startsWith('test/') || file.startsWith('server/'))).toEqual([]);
  });

  it('has a file behind every export, types included', () => {
    const targets = Object.values(packed.manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target as object)));
    const locales = Object.keys(entries).flatMap((name) => (name.startsWith('element/locales/') ? [name.slice('element/locales/'.length)] : []));
    expect(locales).toContain('fa');
    const paths = targets.flatMap((target: string) => (target.includes('*') ? locales.map((locale) => target.replace('*', locale)) : [target]));
    expect(paths.filter((path) => !existsSync(shipped(path)))).toEqual([]);
    expect(existsSync(shipped(packed.manifest.types as string))).toBe(true);
  });

  it('keeps the engine and queue entries free of lit; the main entry registers the element', async () => {
    const engine = await moduleGraph(shipped('dist/index.js'));
    expect(usesLit(engine.packages)).toBe(false);
    expect(engine.packages).toContain('ky');
    const queue = await moduleGraph(shipped('dist/queue.js'));
    expect(usesLit(queue.packages)).toBe(false);
    expect(queue.files).not.toContain(shipped('dist/element.js'));
    const main = await moduleGraph(shipped('dist/main.js'));
    expect(usesLit(main.packages)).toBe(true);
    expect(main.files).toContain(shipped('dist/element.js'));
  });

  it('keeps each framework binding to its framework alone: no lit, no engine, no element', async () => {
    for (const [binding, framework] of [['react', 'react'], ['vue', 'vue'], ['svelte', undefined]] as const) {
      const graph = await moduleGraph(shipped(`dist/${binding}.js`));
      expect([...graph.packages], binding).toEqual(framework ? [framework] : []);
      expect(graph.files.size, binding).toBe(1);
    }
  });

  it('lists the modules that register the element as side effects, so bundlers keep them', async () => {
    const sideEffects = packed.manifest.sideEffects as string[];
    for (const entry of ['./dist/element.js', './dist/main.js']) expect(sideEffects).toContain(entry);
    expect(await readFile(shipped('dist/element.js'), 'utf8')).toMatch(/defineResumableUpload\(\)/);
  });

  it('starts the checksum worker from a self-contained module beside the one that starts it', async () => {
    const starter = await readFile(shipped('dist/integrity/digest-in-worker.js'), 'utf8');
    const [, url] = starter.match(/new Worker\(new URL\("(\.\/[^"]+)", import\.meta\.url\), \{ type: "module" \}\)/) ?? [];
    expect(url).toBe('./digest-worker.js');
    const worker = await moduleGraph(shipped('dist/integrity/digest-worker.js'));
    expect(worker.files.size).toBe(1);
    expect(worker.packages.size).toBe(0);
  });

  it('runs the reference server as its `resumable-upload-server` command, from Node builtins alone', async () => {
    const command = (packed.manifest.bin as Record<string, string> | undefined)?.['resumable-upload-server'];
    expect(command).toBe('./dist/server/cli.js');
    const cli = shipped(command!);
    expect((await readFile(cli, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
    const imported = await moduleGraph(cli);
    expect([...imported.files]).toEqual([cli]);
    // Built without the testing layer: none of its code ships.
    expect(await readFile(cli, 'utf8')).not.toMatch(/FaultQueue|FaultPlan|parseFaults|corruptFirstByte/);
    expect([...imported.packages].filter((name) => !name.startsWith('node:'))).toEqual([]);

    const child = spawn(process.execPath, [cli, '--port', '0', '--quiet'], { cwd: packed.consumer, env: { ...process.env, PORT: '' } });
    const exited = new Promise((done) => child.once('exit', done));
    try {
      const url = await new Promise<string>((found, failed) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const match = out.match(/^Reference upload server on (http:\/\/\S+) /);
          if (match) found(match[1]!);
        });
        child.once('exit', (code) => failed(new Error(`exited with ${code}: ${out}`)));
      });
      const start = await fetch(`${url}/upload/files?uploadType=resumable`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Upload-Content-Length': '5' },
        body: JSON.stringify({ name: 'hello.txt' }),
      });
      expect(start.status).toBe(200);
      const done = await fetch(start.headers.get('Location')!, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-4/5' }, body: 'hello' });
      expect(done.status).toBe(201);
      expect(await done.json()).toMatchObject({ name: 'hello.txt', size: '5' });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);

  it('resolves in Node: the engine and a locale import by their package names', async () => {
    const script = `
      const { Upload, isUploadError } = await import('resumable-upload/engine');
      const { fa } = await import('resumable-upload/locales/fa');
      console.log(JSON.stringify([typeof Upload, typeof isUploadError, fa.chooseFile]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.consumer });
    expect(JSON.parse(stdout)).toEqual(['function', 'function', 'انتخاب فایل']);
  });

  it.each(consumerTsconfigs)('type-checks an application using typed events without casts (%s)', async (tsconfig) => {
    const checked = run(bin('tsc'), ['-p', join(packed.consumer, tsconfig)], { cwd: packed.consumer });
    await expect(checked.catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout)))).resolves.toBeDefined();
  }, 60_000);
});

describe('an application bundled by Vite', () => {
  let output: string;
  /** The code a page loads: its module scripts and the chunks they import. */
  const pageCode = async (page: string) => {
    const html = await readFile(join(output, page), 'utf8');
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].map(([, src]) => join(output, src!));
    const graphs = await Promise.all(scripts.map((script) => moduleGraph(script)));
    const files = new Set(graphs.flatMap((graph) => [...graph.files]));
    return (await Promise.all([...files].map((file) => readFile(file, 'utf8')))).join('\n');
  };

  beforeAll(async () => {
    await run(bin('vite'), ['build', '--base', './'], { cwd: packed.consumer });
    output = join(packed.consumer, 'dist');
  }, 60_000);

  it('keeps the element registration of `import "resumable-upload"`', async () => {
    expect((await pageCode('side-effect.html')).includes('customElements.define')).toBe(true);
  });

  it('leaves lit out of a page that imports only the engine', async () => {
    const code = await pageCode('engine-only.html');
    expect(code.includes('uploadType')).toBe(true);
    expect(code.includes('customElements')).toBe(false);
    expect(code.includes('litElementVersions')).toBe(false);
  });

  it('emits the checksum worker', async () => {
    const assets = await readdir(join(output, 'assets'));
    expect(assets.filter((name) => name.startsWith('digest-worker'))).toHaveLength(1);
  });

  it('runs in Chromium: the element is defined and `verify` hashes the file in its Worker', async () => {
    const site = await serveDirectory(output);
    const server = await createReferenceServer().listen(0);
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/index.html`);
      const outcome = await page.evaluate((endpoint) => window.uploadVerified(endpoint), `${server.url}/upload/test/v1/files`);
      expect(outcome).toEqual({ defined: true, verified: true });
    } finally {
      await browser.close();
      await server.close();
      await site.close();
    }
  }, 60_000);
});

declare global {
  interface Window {
    uploadVerified(endpoint: string): Promise<{ defined: boolean; verified: boolean | undefined }>;
  }
}

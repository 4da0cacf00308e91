// The package as npm publishes it: `npm pack` (its `prepack` runs `npm run build`), unpacked into
// a consumer project's node_modules, the way an application receives it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const repository = resolve(import.meta.dirname, '../../..');
export const bin = (name: string) => join(repository, 'node_modules/.bin', name);

export interface PackedPackage {
  /** A project directory with the package in node_modules/resumable-upload. */
  consumer: string;
  /** node_modules/resumable-upload in it: exactly the tarball's files. */
  installed: string;
  /** The package.json that was packed. */
  manifest: { dependencies: Record<string, string>; peerDependencies?: Record<string, string>; exports: Record<string, unknown> } & Record<string, unknown>;
}

export async function packAndInstall(): Promise<PackedPackage> {
  const work = await mkdtemp(join(tmpdir(), 'resumable-upload-package-'));
  await run('npm', ['pack', '--pack-destination', work], { cwd: repository });
  const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${work}`);

  const consumer = join(work, 'consumer');
  const installed = join(consumer, 'node_modules/resumable-upload');
  await mkdir(installed, { recursive: true });
  await run('tar', ['-xzf', join(work, tarball), '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as PackedPackage['manifest'];

  // The dependencies as npm would install them, and the optional peers as an application that uses
  // them would: links to this repository's copies (no registry in tests).
  for (const dependency of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies ?? {})]) {
    const link = join(consumer, 'node_modules', dependency);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(repository, 'node_modules', dependency), link, 'dir');
  }
  return { consumer, installed, manifest };
}

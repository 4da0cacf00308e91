import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Uppy is installed only where the many-files bench runs: in this package folder of its own. */
export const uppyFolder = fileURLToPath(new URL('./', import.meta.url));

/**
 * Installs Uppy from this folder's lock file, the first time the bench runs. Into a folder of its
 * own, moved into place in one rename: a bench stopped halfway leaves no half-installed tree.
 */
export async function ensureUppyInstalled(log: (line: string) => void): Promise<void> {
  const installed = path.join(uppyFolder, 'node_modules');
  if (existsSync(path.join(installed, '@uppy', 'dashboard', 'package.json'))) return;
  log('Installing Uppy for the many-files bench, once: bench/uppy/');
  const scratch = path.join(uppyFolder, `node_modules.installing-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(uppyFolder, file), path.join(scratch, file));
  try {
    await new Promise<void>((resolve, reject) =>
      spawn('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: scratch, stdio: 'inherit' })
        .once('error', reject)
        .once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm ci in ${scratch} exited with ${code}`)))),
    );
    try {
      renameSync(path.join(scratch, 'node_modules'), installed);
    } catch (error) {
      // Another bench moved its tree in first: use that one.
      if (!existsSync(path.join(installed, '@uppy', 'dashboard', 'package.json'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

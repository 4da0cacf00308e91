import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Installs a package folder of its own (a tool that only some tests or benches need) from its lock
 * file, the first time it is needed. Two processes may get here at once: each installs into a scratch
 * folder of its own and moves the result into place in one rename, so neither sees a half-installed
 * tree, and one stopped halfway leaves none.
 *
 * @param folder the package folder, holding package.json and package-lock.json
 * @param installedFile a file under its node_modules that is there once it is installed
 * @param announce called before an install, to say what is installed and why it takes a while
 */
export async function installPackageFolder(folder: string, installedFile: string, announce: () => void): Promise<void> {
  const installed = path.join(folder, 'node_modules');
  const done = () => existsSync(path.join(installed, installedFile));
  if (done()) return;
  announce();
  const scratch = path.join(folder, `node_modules.installing-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(folder, file), path.join(scratch, file));
  try {
    // Not a synchronous call: a test runner's other projects go on meanwhile.
    await new Promise<void>((resolve, reject) =>
      spawn('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: scratch, stdio: 'inherit' })
        .once('error', reject)
        .once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm ci in ${scratch} exited with ${code}`)))),
    );
    try {
      renameSync(path.join(scratch, 'node_modules'), installed);
    } catch (error) {
      // Another process moved its tree in first: use that one.
      if (!done()) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

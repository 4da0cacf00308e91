import { fileURLToPath } from 'node:url';
import { installPackageFolder } from '../../scripts/install-package-folder.ts';

/** Uppy is installed only where the many-files bench runs: in this package folder of its own. */
export const uppyFolder = fileURLToPath(new URL('./', import.meta.url));

/** Installs Uppy from this folder's lock file, the first time the bench runs. */
export function ensureUppyInstalled(log: (line: string) => void): Promise<void> {
  return installPackageFolder(uppyFolder, '@uppy/dashboard/package.json', () => log('Installing Uppy for the many-files bench, once: bench/uppy/'));
}

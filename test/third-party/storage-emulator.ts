import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPackageFolder } from '../../scripts/install-package-folder.ts';

export interface RunningEmulator {
  /** The emulator's origin, e.g. http://127.0.0.1:41234; uploads go to /upload/storage/v1/b/{bucket}/o. */
  url: string;
  /** Resolves with the exit code when the emulator process ends (by `stop()`, or by a crash). */
  exited: Promise<number | null>;
  /** Everything it wrote on stderr so far, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./storage-emulator-process.ts', import.meta.url));
// `--import tsx` resolves from here, whatever the caller's working directory.
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;

/** firebase-tools (600 packages) is installed only where its tests run: in a package folder of its own. */
const toolFolder = fileURLToPath(new URL('./storage-emulator/', import.meta.url));

/**
 * Installs the emulator's tooling from its own lock file, the first time its tests run (the node and
 * third-party projects may both get here at once).
 */
const ensureInstalled = () =>
  installPackageFolder(toolFolder, 'firebase-tools/package.json', () =>
    console.log('Installing the Cloud Storage emulator (firebase-tools) for the third-party tests, once: test/third-party/storage-emulator/'),
  );

/**
 * Starts the Cloud Storage emulator of firebase-tools in a child Node process on a free loopback
 * port, with its blobs in a temporary directory removed by `stop()`.
 */
export async function startStorageEmulator(): Promise<RunningEmulator> {
  await ensureInstalled();
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-emulator-'));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repositoryRoot,
    env: { ...process.env, TMPDIR: dir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`The storage emulator did not start in ${STARTUP_TIMEOUT_MS} ms:\n${stderr}`)), STARTUP_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      const ready = /^READY (\S+)$/m.exec(stdout);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The storage emulator exited with ${code} before it was ready:\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  });

  // A forgotten emulator must never keep the test runner alive; it exits when its stdin closes.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  return {
    url,
    exited,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * Installs the emulator's tooling from its own lock file, the first time its tests run. Two test
 * processes may get here at once (the node and third-party projects): each installs into a folder of
 * its own and moves the result into place in one rename, so neither sees a half-installed tree.
 */
async function ensureInstalled(): Promise<void> {
  const installed = path.join(toolFolder, 'node_modules');
  if (existsSync(path.join(installed, 'firebase-tools', 'package.json'))) return;
  console.log('Installing the Cloud Storage emulator (firebase-tools) for the third-party tests, once: test/third-party/storage-emulator/');
  const scratch = path.join(toolFolder, `node_modules.installing-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(toolFolder, file), path.join(scratch, file));
  try {
    // Not a synchronous call: the test runner's other projects go on meanwhile.
    await new Promise<void>((resolve, reject) =>
      spawn('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: scratch, stdio: 'inherit' })
        .once('error', reject)
        .once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm ci in ${scratch} exited with ${code}`)))),
    );
    try {
      renameSync(path.join(scratch, 'node_modules'), installed);
    } catch (error) {
      // Another process moved its tree in first: use that one.
      if (!existsSync(path.join(installed, 'firebase-tools', 'package.json'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

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

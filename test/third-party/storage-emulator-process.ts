/**
 * Runs the Cloud Storage emulator of firebase-tools (its `StorageEmulator` and express app, not its
 * CLI) in this process, on a free loopback port, and prints `READY <origin>` on stdout.
 *
 * The CLI cannot start offline: it wants Java and downloads a rules runtime. The upload routes of
 * the emulator never consult rules (they use its admin storage layer), so the rules runtime is left
 * out: `createApp` is called directly instead of `StorageEmulator.start()`.
 *
 * A child process of its own, because a media upload without `name` throws an unhandled rejection
 * in the emulator, which ends the whole Node process it runs in. It exits when its stdin closes
 * (the parent went away) or on SIGTERM.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface EmulatorArgs {
  projectId: string;
  host: string;
  port: number;
  rules: { name: string; content: string };
  auto_download: boolean;
}
interface StorageEmulator {
  args: EmulatorArgs;
}
interface ExpressApp {
  listen(port: number, host: string, ready: () => void): Server;
}

// firebase-tools ships no types for its emulator internals; these are the few members used here.
// It is installed in a package folder of its own (see storage-emulator.ts), not with the project.
const require = createRequire(new URL('./storage-emulator/package.json', import.meta.url));
const emulatorLib = 'firebase-tools/lib/emulator';
const { StorageEmulator } = require(`${emulatorLib}/storage/index.js`) as {
  StorageEmulator: new (args: EmulatorArgs) => StorageEmulator;
};
const { createApp } = require(`${emulatorLib}/storage/server.js`) as {
  createApp(projectId: string, emulator: StorageEmulator): Promise<ExpressApp>;
};
const { EmulatorRegistry } = require(`${emulatorLib}/registry.js`) as {
  EmulatorRegistry: { set(name: 'storage', emulator: StorageEmulator): void };
};

const projectId = 'demo-resumable-upload';
// Blobs go to `${os.tmpdir()}/firebase/storage/blobs`: the parent points TMPDIR at a directory of its own.
const emulator = new StorageEmulator({
  projectId,
  host: '127.0.0.1',
  port: 0,
  rules: { name: 'storage.rules', content: '' },
  auto_download: false,
});
const app = await createApp(projectId, emulator);
const server = app.listen(0, '127.0.0.1', () => {
  emulator.args.port = (server.address() as AddressInfo).port;
  // Bucket metadata links are built from the registry's host and port.
  EmulatorRegistry.set('storage', emulator);
  process.stdout.write(`READY http://127.0.0.1:${emulator.args.port}\n`);
});

function stop(): void {
  server.closeAllConnections();
  server.close(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();

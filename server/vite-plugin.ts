import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Server } from 'node:http';
import type { Plugin } from 'vite';
import { liftRequestTimeout } from './http-timeouts.ts';
import { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './reference-server.ts';

const PREFIX = 'resumable-upload-vite-';

/**
 * Where a vite server keeps the uploads it receives: a folder named after its process. A vite server
 * is usually killed, not closed (`npm start` stopped, Playwright ending its web server), so it never
 * removes its folder itself; the next one removes those whose process is gone (each run's files,
 * hundreds of MiB in the e2e tests, would pile up in the temp folder otherwise). `parent` is for tests.
 */
export function uploadsFolder(parent = tmpdir()): string {
  for (const name of readdirSync(parent)) {
    const pid = Number(name.slice(PREFIX.length));
    if (name.startsWith(PREFIX) && Number.isInteger(pid) && !isRunning(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const dir = path.join(parent, `${PREFIX}${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/**
 * Mounts the reference server in vite's dev and preview servers, so the demo uploads to its own origin.
 * Its options are the server's: fault injection and `/__control/…` only with a `testing` layer. The
 * vite server's own 5-minute limit per request is lifted, as the reference server's (`liftRequestTimeout`).
 *
 * Unless `closeConnections: false`, every answer of that origin closes its connection, vite's pages
 * and scripts included: a browser resends a request by itself when a reused connection breaks, so
 * one kept alive after loading the page would turn the faults chosen in the demo into silent resends.
 */
export function referenceServer(options: ReferenceServerOptions = {}): Plugin {
  const closeConnections = options.closeConnections ?? true;
  // Created on first use: loading the config for a build or a test run needs no server.
  let server: ReferenceServer | undefined;
  const handle: ReferenceServer['handle'] = (req, res, next) => {
    if (closeConnections) res.setHeader('Connection', 'close');
    (server ??= createReferenceServer({ ...options, dir: options.dir ?? uploadsFolder(), closeConnections })).handle(req, res, next);
  };
  return {
    name: 'resumable-upload-reference-server',
    configureServer({ middlewares, httpServer }) {
      if (httpServer instanceof Server) liftRequestTimeout(httpServer);
      middlewares.use((req, res, next) => handle(req, res, () => next()));
    },
    configurePreviewServer({ middlewares, httpServer }) {
      if (httpServer instanceof Server) liftRequestTimeout(httpServer);
      middlewares.use((req, res, next) => handle(req, res, () => next()));
    },
  };
}

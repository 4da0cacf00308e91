import type { Plugin } from 'vite';
import { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './reference-server.ts';

/**
 * Mounts the reference server in vite's dev and preview servers, so the demo uploads to its own origin.
 * Its options are the server's: fault injection and `/__control/…` only with `faults: true`.
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
    (server ??= createReferenceServer({ ...options, closeConnections })).handle(req, res, next);
  };
  return {
    name: 'resumable-upload-reference-server',
    configureServer({ middlewares }) {
      middlewares.use((req, res, next) => handle(req, res, () => next()));
    },
    configurePreviewServer({ middlewares }) {
      middlewares.use((req, res, next) => handle(req, res, () => next()));
    },
  };
}

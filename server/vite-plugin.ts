import type { Plugin } from 'vite';
import { createReferenceServer, type ReferenceServerOptions } from './reference-server.ts';

/** Mounts the reference server in vite's dev and preview servers, so the demo uploads to its own origin. */
export function referenceServer(options?: ReferenceServerOptions): Plugin {
  const server = createReferenceServer(options);
  return {
    name: 'resumable-upload-reference-server',
    configureServer({ middlewares }) {
      middlewares.use((req, res, next) => server.handle(req, res, next));
    },
    configurePreviewServer({ middlewares }) {
      middlewares.use((req, res, next) => server.handle(req, res, next));
    },
  };
}

import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { startStorageEmulator, type RunningEmulator } from './storage-emulator.ts';

/** Where the tests ask for the emulator's own origin (to call it cross-origin). */
export const EMULATOR_INFO_PATH = '/__third-party/storage-emulator';

// The emulator's Cloud Storage routes: uploads, metadata and downloads.
const PROXIED = /^\/(upload|download)?\/?storage\/v1\//;

/**
 * Forwards a request to the emulator as it came, `Host` included: the emulator builds session URIs
 * from `Host`, so they point at this (same) origin and come back through here.
 */
function forward(target: string, req: IncomingMessage, res: ServerResponse): void {
  const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`The storage emulator did not answer: ${error.message}`);
  });
  req.pipe(upstream);
}

/**
 * Starts the Cloud Storage emulator of firebase-tools with the test server and serves its routes on
 * the test page's origin, as a real deployment would put it behind the page's own host: the emulator
 * does not expose `Location` or `Range` to other origins.
 */
export function storageEmulator(): Plugin {
  // Started on the first request: vitest also builds a project server that never serves HTTP.
  let running: Promise<RunningEmulator> | undefined;
  const stop = async () => {
    const emulator = running;
    running = undefined;
    await (await emulator?.catch(() => undefined))?.stop();
  };
  return {
    name: 'third-party-storage-emulator',
    configureServer(server) {
      server.httpServer?.once('close', () => void stop());
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url !== EMULATOR_INFO_PATH && !PROXIED.test(url)) return next();
        (running ??= startStorageEmulator()).then(
          (emulator) => {
            if (url !== EMULATOR_INFO_PATH) return forward(emulator.url, req, res);
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ url: emulator.url }));
          },
          (error: unknown) => next(error),
        );
      });
    },
    closeBundle: stop,
  };
}

import type { TestProject } from 'vitest/node';
import { createReferenceServer } from '../../server/index.ts';
import { startScriptedServer } from './scripted-server.ts';
import { createTestingLayer } from '../../server/testing/index.ts';

// Browser tests talk to a real reference server on another loopback origin, so CORS is exercised too.
export default async function setup(project: TestProject) {
  // Targeted tests see each injected connection failure themselves: no connection is reused, so the
  // browser never resends a request on its own. The chaos suite gets keep-alive, as in real life.
  const strict = await createReferenceServer({ testing: createTestingLayer(), closeConnections: true }).listen(0, '127.0.0.1');
  const realistic = await createReferenceServer({ testing: createTestingLayer() }).listen(0, '127.0.0.1');
  project.provide('serverUrl', strict.url);
  project.provide('keepAliveServerUrl', realistic.url);
  // A deployment that forgot Range in Access-Control-Expose-Headers, and takes resent bytes as Cloud Storage does.
  const rangeHidden = await createReferenceServer({ testing: createTestingLayer(), exposeHeaders: 'Location', acceptResentBytes: true }).listen(0, '127.0.0.1');
  project.provide('rangeHiddenServerUrl', rangeHidden.url);
  // Answers exactly as a test scripted them, on two origins (test/support/scripted-server.ts).
  const scripted = await startScriptedServer();
  project.provide('scriptedServer', { url: scripted.url, otherOriginUrl: scripted.otherOriginUrl });
  // CHAOS_UPLOADS=500 CHAOS_SEED=7 npm run test:unit for a longer run with other faults.
  project.provide('chaos', {
    uploads: Number(process.env.CHAOS_UPLOADS ?? 40),
    seed: Number(process.env.CHAOS_SEED ?? 20261122),
  });
  return async () => {
    await strict.close();
    await realistic.close();
    await rangeHidden.close();
    await scripted.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    keepAliveServerUrl: string;
    rangeHiddenServerUrl: string;
    scriptedServer: { url: string; otherOriginUrl: string };
    chaos: { uploads: number; seed: number };
  }
}

import type { TestProject } from 'vitest/node';
import { createReferenceServer } from '../../server/index.ts';

// Browser tests talk to a real reference server on another loopback origin, so CORS is exercised too.
export default async function setup(project: TestProject) {
  const server = createReferenceServer();
  const { url, close } = await server.listen(0, '127.0.0.1');
  project.provide('serverUrl', url);
  return close;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

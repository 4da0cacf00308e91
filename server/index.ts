export { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './reference-server.ts';
export { referenceServer } from './vite-plugin.ts';
export { createTestingLayer, type Fault, type FaultMatch } from './testing/index.ts';
export type { ObjectInfo } from './stored-objects.ts';

export { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './reference-server.ts';
export { referenceServer } from './vite-plugin.ts';
export type { Fault, FaultMatch } from './faults.ts';
export type { ObjectInfo } from './stored-objects.ts';

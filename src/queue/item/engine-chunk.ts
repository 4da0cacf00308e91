// What the element loads as the engine's chunk (see load-engine.ts).
export { Upload } from '../../engine/upload.ts';
export { preloadTransports } from '../../transport/default-client.ts';

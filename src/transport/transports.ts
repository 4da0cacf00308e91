// The default client's two transports, a chunk of their own (see default-client.ts).
export { kyClient } from './ky-client.ts';
export { xhrClient } from './xhr-client.ts';

// The client's transports, a chunk of their own (see default-client.ts).
export { kyClient } from './ky-client.ts';
export { xhrClient } from './xhr-client.ts';
export { callerClient } from './caller-client.ts';

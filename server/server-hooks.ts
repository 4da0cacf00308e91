import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerState } from './server-state.ts';
import type { UploadHooks } from './twist.ts';

/**
 * Where a testing layer plugs into the reference server (its `testing` option): the protocol
 * handlers ask it about each upload, and it answers `/__control/…`. Without one, every upload is
 * PLAIN_UPLOAD and `/__control/…` answers 404.
 */
export interface ServerHooks {
  /** The hooks of a new upload, from its first request; throws an HttpError to refuse that request. */
  upload(req: IncomingMessage): UploadHooks;
  /** `/__control/…`: the layer's own routes (`segments` are the decoded path segments after `__control`). */
  control(state: ServerState, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void>;
}

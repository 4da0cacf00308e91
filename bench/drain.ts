import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { receiveBody } from '../server/receive-body.ts';

/**
 * The endpoint for the raw contenders: one PUT of the whole file, written to `dir` by the same
 * code the reference server uses for its chunks, so that raw and ours pay the same disk cost.
 */
export function drainHandler(dir: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const file = path.join(dir, `drain-${randomBytes(8).toString('hex')}`);
    await writeFile(file, '');
    const received = await receiveBody(req, file, { offset: 0 }, () => {});
    if (received.aborted) return void res.destroy();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ bytes: received.bytes }));
  };
}

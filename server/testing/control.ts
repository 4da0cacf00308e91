import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../buffered-body.ts';
import { HttpError, sendEmpty, sendJson, sendText } from '../http-helpers.ts';
import type { ServerState } from '../server-state.ts';
import { describeSession } from '../sessions.ts';
import { FaultPlan } from './fault-plan.ts';
import { parseFaults, type Fault } from './faults.ts';

const MAX_FAULTS_BYTES = 64 * 1024;

async function faultsFrom(state: ServerState, req: IncomingMessage) {
  try {
    return await readBody(req, { limit: MAX_FAULTS_BYTES, budget: state.bodies }, (body) => parseFaults(body.toString('utf8')));
  } catch (error) {
    throw error instanceof HttpError ? error : new HttpError(400, (error as Error).message);
  }
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  sendText(res, 405, `Use ${allow} here`, { Allow: allow });
}

/** What `GET /__control/sessions/<id>` shows of a session, as JSON. */
export type SessionView = ReturnType<typeof describeSession> & ReturnType<FaultPlan['describe']>;

/** The faults set for whichever upload starts next. */
export interface NextFaults {
  faults: Fault[];
}

/**
 * Test and demo controls: `/__control/sessions/<id>` (what the server saw), `/__control/sessions/<id>/faults`
 * (faults for that session's next requests), `/__control/faults` (for the next upload started),
 * `/__control/objects?name=<name>` (the objects kept under that name: how many copies an upload made).
 * `segments` follow `__control`.
 */
export async function control(next: NextFaults, state: ServerState, req: IncomingMessage, res: ServerResponse, [area, id, sub, extra]: string[]): Promise<void> {
  if (area === 'objects' && id === undefined) {
    if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
    const name = new URL(req.url ?? '', 'http://server').searchParams.get('name');
    return sendJson(res, 200, [...state.objects.values()].map(({ info }) => info).filter((info) => name === null || info.name === name));
  }
  if (area === 'faults' && id === undefined) {
    if (req.method === 'DELETE') {
      next.faults = [];
      return sendEmpty(res, 204);
    }
    if (req.method !== 'POST') return methodNotAllowed(res, 'POST, DELETE');
    next.faults = await faultsFrom(state, req);
    return sendEmpty(res, 204);
  }
  if (area === 'sessions' && id !== undefined && extra === undefined) {
    const session = state.sessions.inspect(id);
    const plan = session?.hooks;
    if (!session || !(plan instanceof FaultPlan)) return sendText(res, 404, `No session ${id}`);
    if (sub === undefined) {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      return sendJson(res, 200, { ...describeSession(session), ...plan.describe() });
    }
    if (sub === 'faults') {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      plan.add(await faultsFrom(state, req));
      return sendEmpty(res, 204);
    }
  }
  sendText(res, 404, `No control route ${req.method} ${req.url}`);
}

import { HttpError, headerOf } from '../http-helpers.ts';
import type { ServerHooks } from '../server-hooks.ts';
import { control, type NextFaults } from './control.ts';
import { FaultPlan } from './fault-plan.ts';
import { parseFaults, type Fault } from './faults.ts';

export type { Fault, FaultMatch } from './faults.ts';

/**
 * The reference server's testing layer (`createReferenceServer({ testing: createTestingLayer() })`):
 * faults from the `X-Test-Faults` header of a start or a single-request upload and from
 * `/__control/faults` (for the next upload), and the `/__control/…` routes. Anyone who can reach a
 * server with it can make it misbehave: only test rigs and the demo attach it.
 */
export function createTestingLayer(): ServerHooks {
  const next: NextFaults = { faults: [] };
  return {
    // Faults for a new upload: any set for "the next upload", then the X-Test-Faults header's.
    upload(req) {
      const header = headerOf(req, 'X-Test-Faults');
      let fromHeader: Fault[] = [];
      try {
        fromHeader = header ? parseFaults(header) : [];
      } catch (error) {
        throw new HttpError(400, `X-Test-Faults: ${(error as Error).message}`);
      }
      const faults = [...next.faults, ...fromHeader];
      next.faults = [];
      return new FaultPlan(faults);
    },
    control: (state, req, res, segments) => control(next, state, req, res, segments),
  };
}

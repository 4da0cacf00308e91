import { transportChunk } from '../../../src/transport/default-client.ts';

/** Counts the loads of the engine's lazily loaded HTTP transports from now on, calling through to the real load. */
export function countTransportLoads(): { readonly count: number } {
  const realLoad = transportChunk.load;
  const loads = { count: 0 };
  transportChunk.load = () => {
    loads.count++;
    return realLoad();
  };
  return loads;
}

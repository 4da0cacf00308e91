import { defaultSessionStore } from '../storage/idb-session-store.ts';
import type { SessionStore } from '../storage/session-store.ts';
import { defaultClient } from '../transport/default-client.ts';
import type { HttpClient } from '../transport/http-client.ts';
import { invalid } from './option-checks.ts';

// The ports an upload talks through (HTTP, the session store), each the caller's or the default
// adapter, chosen here and nowhere else.

/** The `store` option: IndexedDB by default, none with `false`, or the caller's `SessionStore`. */
export function storeOf(store: unknown): SessionStore | undefined {
  if (store === undefined || store === true) return defaultSessionStore();
  if (store === false) return undefined;
  const candidate = store as Partial<SessionStore>;
  if (['get', 'set', 'delete', 'list', 'clear'].every((name) => typeof candidate[name as keyof SessionStore] === 'function')) {
    return store as SessionStore;
  }
  throw invalid('`store` must be true, false, or an object with get, set, delete, list and clear.');
}

/**
 * The `httpClient` option, or the built-in client, which gives up a request that stalls for
 * `stallTimeoutMs`. The caller's is held to the port's contract by the transports' chunk
 * (transport/caller-client.ts), which every page with the engine loads at idle.
 */
export const httpClientOf = (client: HttpClient | undefined, stallTimeoutMs: number): HttpClient => defaultClient(stallTimeoutMs, client);

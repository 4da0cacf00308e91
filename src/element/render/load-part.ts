/** How loading a part of an element's code went: failures in a row, and the pending next try. */
interface PartLoad {
  failed: number;
  retry?: ReturnType<typeof setTimeout>;
}

const loads = new WeakMap<Element, Map<string, PartLoad>>();

/**
 * Loads a part of the element's code that comes after the page's (its list, its interrupted rows).
 * A failed fetch (offline a moment, or a new version deployed under the open page) resolves
 * `undefined`: it is said once, with the element, and `retry` is called after 2, 4, 8… s (at most
 * 30) if the element is still on the page. Until then, calls (each render, a reconnect) fetch
 * nothing: a server that no longer has the chunk is not asked at every render.
 */
export async function loadPart<T>(host: Element, part: string, load: () => Promise<T>, retry: () => void): Promise<T | undefined> {
  const parts = loads.get(host) ?? loads.set(host, new Map()).get(host)!;
  const state = parts.get(part) ?? parts.set(part, { failed: 0 }).get(part)!;
  if (state.retry !== undefined) return undefined;
  try {
    const loaded = await load();
    state.failed = 0;
    return loaded;
  } catch (error) {
    if (state.failed++ === 0) console.error(`<resumable-upload> could not load the code of ${part} until it loads (tried again; some browsers only after a reload).`, error, host);
    state.retry ??= setTimeout(() => {
      state.retry = undefined;
      if (host.isConnected) retry();
    }, Math.min(30_000, 1000 * 2 ** state.failed));
    return undefined;
  }
}

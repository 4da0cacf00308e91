/** Failed loads in a row, of each part of each element. */
const failures = new WeakMap<Element, Map<string, number>>();

/**
 * Loads a part of the element's code that comes after the page's (its list, its interrupted rows).
 * A failed fetch (offline a moment, or a new version deployed under the open page) resolves
 * `undefined`: it is said once, with the element, and `retry` is called after 2, 4, 8… s (at most
 * 30), not at each render, against a server that may no longer have the chunk.
 */
export async function loadPart<T>(host: Element, part: string, load: () => Promise<T>, retry: () => void): Promise<T | undefined> {
  const failed = failures.get(host) ?? failures.set(host, new Map()).get(host)!;
  try {
    const loaded = await load();
    failed.delete(part);
    return loaded;
  } catch (error) {
    const count = (failed.get(part) ?? 0) + 1;
    failed.set(part, count);
    if (count === 1) console.error(`<resumable-upload> could not load the code of ${part} until it loads (tried again; some browsers only after a reload).`, error, host);
    setTimeout(retry, Math.min(30_000, 1000 * 2 ** count));
    return undefined;
  }
}

/** The URL with one query parameter set, keeping every other parameter the caller put there. */
export function withQuery(url: string, name: string, value: string): string {
  const base = globalThis.location?.href;
  const parsed = new URL(url, base);
  parsed.searchParams.set(name, value);
  return parsed.href;
}

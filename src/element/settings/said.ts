/**
 * The console messages each element has said, shared by the checks that say them (settings,
 * `metaFields`) and by a file's failure: each wrong value is said once, whoever finds it first.
 */
const saidBy = new WeakMap<HTMLElement, Set<string>>();

export function consoleSaid(host: HTMLElement): Set<string> {
  let said = saidBy.get(host);
  if (!said) saidBy.set(host, (said = new Set()));
  return said;
}

// Waiting for a condition a test expects to become true. The wait has no bound of its own, in time or
// in tries: a bound is a time limit in disguise, and a busy machine runs it out before the condition
// holds. The test's timeout bounds the wait instead; test/support/until-report.ts then adds what was
// awaited, and the last value seen, to the timeout's message. No imports: node, browser and
// Playwright tests all use it.

interface Wait {
  what: string | (() => string);
  last: unknown;
  abandoned: boolean;
}

const pending = new Set<Wait>();

type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

/**
 * Resolves with the first truthy value `check` returns (sync or async), checked every `intervalMs`.
 * `what` names the condition for a failure's message; as a function, it is asked then, and can say
 * how things stand. An error thrown by `check` ends the wait.
 */
export async function until<T>(check: () => T | Promise<T>, what: string | (() => string), intervalMs = 20): Promise<Truthy<T>> {
  const wait: Wait = { what, last: undefined, abandoned: false };
  pending.add(wait);
  try {
    for (;;) {
      const value = await check();
      if (value) return value as Truthy<T>;
      wait.last = value;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
      // The test ended (timed out) while this waited: stop polling without settling.
      if (wait.abandoned) await new Promise(() => {});
    }
  } finally {
    pending.delete(wait);
  }
}

/** Describes every wait still polling, and stops them: called when a test ends. */
export function abandonWaits(): string[] {
  const waits = [...pending].map((wait) => `until ${described(wait.what)} (last seen: ${shown(wait.last)})`);
  for (const wait of pending) wait.abandoned = true;
  pending.clear();
  return waits;
}

function described(what: Wait['what']): string {
  try {
    return typeof what === 'string' ? what : what();
  } catch (error) {
    return `(a description that threw ${String(error)})`;
  }
}

function shown(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(value);
  }
}

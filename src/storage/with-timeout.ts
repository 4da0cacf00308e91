/** A blocked database never answers; an upload must not wait on it forever. */
const STORAGE_TIMEOUT_MS = 3000;

/** `promise`, or a rejection once storage has not answered for 3 s. */
export function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(reject, STORAGE_TIMEOUT_MS, new Error(`Session storage gave no answer within ${STORAGE_TIMEOUT_MS} ms`));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

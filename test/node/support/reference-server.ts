import { afterAll, beforeAll } from 'vitest';
import { createReferenceServer, type ReferenceServerOptions } from '../../../server/index.ts';

/** A running reference server: its origin, e.g. http://127.0.0.1:43567. */
export interface SuiteServer {
  readonly origin: string;
}

/**
 * A reference server on a free loopback port for the enclosing suite (or file): started before its
 * tests, closed after them. Read `origin` inside tests, once it listens.
 */
export function referenceServerForSuite(options: ReferenceServerOptions = {}): SuiteServer {
  let origin = '';
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ url: origin, close } = await createReferenceServer(options).listen(0, '127.0.0.1'));
  });
  afterAll(() => close?.());
  return {
    get origin() {
      if (!origin) throw new Error('The reference server is not listening yet: read origin inside a test');
      return origin;
    },
  };
}

/** Runs `test` against a reference server of its own (its origin and upload folder), closed afterwards. */
export async function withServer(options: ReferenceServerOptions, test: (origin: string, dir: string) => Promise<void>): Promise<void> {
  const reference = createReferenceServer(options);
  const { url, close } = await reference.listen(0, '127.0.0.1');
  try {
    await test(url, reference.dir);
  } finally {
    await close();
  }
}

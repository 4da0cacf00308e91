// Every TypeScript example of the README and the docs compiles with strict settings against the
// sources, so an example cannot go wrong unnoticed (scripts/docs/snippets.ts).
import { expect, it } from 'vitest';
import { checkSnippets } from '../../scripts/docs/snippets.ts';

it('type-checks every ts, tsx and js block of the README and the docs', async () => {
  const { checked, skipped, errors } = await checkSnippets();
  expect(checked).toBeGreaterThan(10);
  // Left out on purpose, each with its reason in the doc; keep it rare.
  expect(skipped.length).toBeLessThanOrEqual(2);
  expect(errors).toEqual([]);
}, 120_000);

import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe-core on the element (shadow DOM included) and fails with the violations, if any. */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const results = await axe.run(element, { resultTypes: ['violations'] });
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(violations).toEqual([]);
}

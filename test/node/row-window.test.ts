import { describe, expect, it } from 'vitest';
import { rowRange } from '../../src/element/rows/row-window.ts';

// A screen of 800 px, rows of 100 px: rows 0-7 fill it when the list's top is at the screen's top.
describe('rowRange: the rows a long list renders', () => {
  it('covers the screen and some rows beyond it on each side', () => {
    const range = rowRange(1000, 100, -5000, 800, undefined); // rows 50-57 on screen
    expect(range.first).toBeLessThanOrEqual(50 - 2);
    expect(range.last).toBeGreaterThanOrEqual(58 + 2);
    expect(range.last - range.first).toBeLessThan(40);
  });

  it('keeps the window a small scroll later, and moves it once the screen nears its edge', () => {
    const range = rowRange(1000, 100, -5000, 800, undefined);
    expect(rowRange(1000, 100, -5050, 800, range)).toBe(range);
    expect(rowRange(1000, 100, -4950, 800, range)).toBe(range);
    const far = rowRange(1000, 100, -9000, 800, range);
    expect(far).not.toBe(range);
    expect(far.first).toBeLessThanOrEqual(90);
    expect(far.last).toBeGreaterThanOrEqual(98);
  });

  it('renders the first rows of a list below the screen, the last ones of a list above it', () => {
    const below = rowRange(1000, 100, 5000, 800, undefined);
    expect(below.first).toBe(0);
    expect(below.last).toBeGreaterThanOrEqual(10);
    const above = rowRange(1000, 100, -200_000, 800, undefined);
    expect(above.last).toBe(1000);
    expect(above.first).toBeLessThanOrEqual(990);
  });

  it('keeps a row and a half beyond the screen however tall rows are, so Tab and Shift+Tab find the next row', () => {
    const range = rowRange(1000, 400, -40_000, 800, undefined); // rows 100-101 on screen
    expect(range.first).toBeLessThanOrEqual(98);
    expect(range.last).toBeGreaterThanOrEqual(104);
    // Scrolled until the window's first row is all but on screen: the window moves before it is.
    const moved = rowRange(1000, 400, -(range.first * 400 + 500), 800, range);
    expect(moved).not.toBe(range);
    expect(moved.first).toBeLessThan(range.first);
  });

  it('never goes past the list, and follows a list that got shorter', () => {
    const range = rowRange(1000, 100, -99_500, 800, undefined);
    expect(range.last).toBe(1000);
    const shorter = rowRange(30, 100, -2000, 800, range);
    expect(shorter.last).toBeLessThanOrEqual(30);
    expect(shorter.first).toBeGreaterThanOrEqual(0);
    expect(shorter.last).toBeGreaterThan(shorter.first);
  });

  it('never keeps a window that reaches past a list that got shorter, even one that still covers the screen', () => {
    const range = rowRange(1000, 30, 0, 800, undefined); // rows of 30 px, the list's top at the screen's top
    expect(range.last).toBeGreaterThan(25);
    const shorter = rowRange(25, 30, 0, 800, range);
    expect(shorter.last).toBeLessThanOrEqual(25);
  });

  it('grows a window of a few rows (the list was short) to a screenful, wherever the list is', () => {
    const grown = rowRange(1000, 100, 5000, 800, { first: 0, last: 5 }); // the list below the screen
    expect(grown.last - grown.first).toBeGreaterThanOrEqual(12);
  });

  it('keeps the window of tall rows a small scroll later too', () => {
    const range = rowRange(1000, 400, -40_000, 800, undefined);
    expect(rowRange(1000, 400, -40_000 + 500, 800, range)).toBe(range);
    expect(rowRange(1000, 400, -40_000 - 500, 800, range)).toBe(range);
  });
});

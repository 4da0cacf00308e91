// loadPart: a part of the element's code that fails to load is said once, tried again later (2, 4,
// 8… s, at most 30), never at each call meanwhile, and not for an element taken off the page.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { loadPart } from '../../../src/element/render/load-part.ts';

const PART = 'its list: files still upload, but no row is drawn';
let errors: MockInstance<typeof console.error>;
let host: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  host = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  vi.useRealTimers();
  errors.mockRestore();
  host.remove();
});

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('loadPart', () => {
  it('gives what loaded, and says nothing', async () => {
    expect(await loadPart(host, PART, async () => 'code', () => undefined)).toBe('code');
    expect(errors).not.toHaveBeenCalled();
  });

  it('says a failure once, with the error and the element, and tries again after 2, 4, 8… s, at most 30', async () => {
    const load = vi.fn(failing);
    const retry = vi.fn(() => void loadPart(host, PART, load, retry));
    expect(await loadPart(host, PART, load, retry)).toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]![0]).toBe(`<resumable-upload> could not load the code of ${PART} until it loads (tried again; some browsers only after a reload).`);
    expect(errors.mock.calls[0]![1]).toBeInstanceOf(TypeError);
    expect(errors.mock.calls[0]![2]).toBe(host);

    // Calls while it waits (each render) fetch nothing.
    expect(await loadPart(host, PART, load, retry)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);

    const retriedAfter: number[] = [];
    for (const seconds of [2, 4, 8, 16, 30, 30]) {
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      retriedAfter.push(retry.mock.calls.length);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(retriedAfter).toEqual([0, 1, 2, 3, 4, 5]);
    expect(retry).toHaveBeenCalledTimes(6);
    expect(load).toHaveBeenCalledTimes(7);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('says it again after a load that worked', async () => {
    await loadPart(host, PART, failing, () => undefined);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await loadPart(host, PART, async () => 'code', () => undefined)).toBe('code');
    await loadPart(host, PART, failing, () => undefined);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('keeps each element and part apart', async () => {
    const other = document.body.appendChild(document.createElement('div'));
    await loadPart(host, PART, failing, () => undefined);
    await loadPart(host, 'its interrupted uploads: they are not listed', failing, () => undefined);
    await loadPart(other, PART, failing, () => undefined);
    expect(errors).toHaveBeenCalledTimes(3);
    other.remove();
  });

  it('does not try again for an element taken off the page; asked again once back, it loads', async () => {
    const retry = vi.fn();
    await loadPart(host, PART, failing, retry);
    host.remove();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(retry).not.toHaveBeenCalled();
    document.body.append(host);
    expect(await loadPart(host, PART, async () => 'code', retry)).toBe('code');
  });
});

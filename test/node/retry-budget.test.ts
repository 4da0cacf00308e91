import { describe, expect, it } from 'vitest';
import { UploadError } from '../../src/errors/upload-error.ts';
import { RetryBudget, backoffDelay, retryAfterMs } from '../../src/engine/retry-budget.ts';
import { RetryableFailure } from '../../src/errors/retryable-failure.ts';

const googleGuide = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000, maxRetryAfterMs: 600_000 };

describe('backoffDelay', () => {
  it('waits 2^n seconds plus up to one second of jitter, as Google’s upload guide asks', () => {
    for (let n = 0; n < 5; n++) {
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(n, googleGuide);
        expect(delay).toBeGreaterThanOrEqual(1000 * 2 ** n);
        expect(delay).toBeLessThan(1000 * 2 ** n + 1000);
      }
    }
  });

  it('never waits longer than maxDelayMs on its own count', () => {
    expect(backoffDelay(20, googleGuide)).toBe(60_000);
  });

  it('waits at least what Retry-After asks, beyond maxDelayMs, up to maxRetryAfterMs', () => {
    expect(backoffDelay(0, googleGuide, '7')).toBe(7000);
    expect(backoffDelay(0, googleGuide, '300')).toBe(300_000); // a quota server's "come back in 5 minutes"
    expect(backoffDelay(0, googleGuide, '3600')).toBe(600_000);
    expect(backoffDelay(0, { ...googleGuide, maxRetryAfterMs: 0 }, '300')).toBeLessThan(2000);
  });

  it('caps a huge Retry-After, and waits the computed backoff for a negative or garbled one', () => {
    expect(backoffDelay(0, googleGuide, '99999999999999999999')).toBe(600_000);
    expect(backoffDelay(0, googleGuide, 'Fri, 31 Dec 9999 23:59:59 GMT')).toBe(600_000);
    for (const value of ['-5', '-99999999999', 'soon', '1.5e3', '0x10', '+3', '']) {
      const delay = backoffDelay(1, googleGuide, value);
      expect(delay, value).toBeGreaterThanOrEqual(2000);
      expect(delay, value).toBeLessThan(3000);
    }
  });
});

describe('retryAfterMs', () => {
  it('reads delta seconds and HTTP dates', () => {
    const now = Date.parse('Sun, 22 Nov 2026 12:00:00 GMT');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('RetryBudget', () => {
  it("allows `retries` waits, then throws 'network' with the last status", () => {
    const budget = new RetryBudget({ retries: 2, baseDelayMs: 1, maxDelayMs: 10, maxRetryAfterMs: 10 });
    const failure = new RetryableFailure('Sending failed with 503', 503, 'busy');
    budget.next(failure);
    budget.next(failure);
    let error: unknown;
    try {
      budget.next(failure);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ code: 'network', status: 503, body: 'busy' });
  });

  it('gives the retries back after a reset', () => {
    const budget = new RetryBudget({ retries: 1, baseDelayMs: 1, maxDelayMs: 10, maxRetryAfterMs: 10 });
    const failure = new RetryableFailure('x');
    budget.next(failure);
    budget.reset();
    expect(budget.next(failure)).toBeLessThan(10);
  });
});

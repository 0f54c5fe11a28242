import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('reads seconds, an HTTP date, and Brave’s x-ratelimit-reset (its first, shortest window)', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 01 Dec 2026 12:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': '1, 1419704' }), now)).toBe(1000);
  });
  it('is undefined without a usable header', () => {
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });
});

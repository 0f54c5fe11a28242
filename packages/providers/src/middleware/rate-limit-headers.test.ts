import { describe, expect, it } from 'vitest';
import { parseRateLimitHeaders, parseReset } from './rate-limit-headers.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('rate-limit headers', () => {
  it('reads OpenAI budgets with their duration resets', () => {
    const h = {
      'x-ratelimit-limit-requests': '500',
      'x-ratelimit-remaining-requests': '499',
      'x-ratelimit-reset-requests': '120ms',
      'x-ratelimit-limit-tokens': '30000',
      'x-ratelimit-remaining-tokens': '29000',
      'x-ratelimit-reset-tokens': '6m0s',
    };
    expect(parseRateLimitHeaders(h, NOW)).toEqual({
      requests: { limit: 500, remaining: 499, resetMs: 120 },
      tokens: { limit: 30000, remaining: 29000, resetMs: 360_000 },
    });
  });

  it('reads Anthropic budgets (RFC 3339 resets) and keeps the tightest token budget', () => {
    const h = {
      'anthropic-ratelimit-requests-limit': '50',
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-01-01T12:00:01.500Z',
      'anthropic-ratelimit-tokens-limit': '100000',
      'anthropic-ratelimit-tokens-remaining': '90000',
      'anthropic-ratelimit-input-tokens-limit': '80000',
      'anthropic-ratelimit-input-tokens-remaining': '4000',
      'anthropic-ratelimit-input-tokens-reset': '2026-01-01T12:00:30Z',
    };
    expect(parseRateLimitHeaders(h, NOW)).toEqual({
      requests: { limit: 50, remaining: 0, resetMs: 1500 },
      tokens: { limit: 80000, remaining: 4000, resetMs: 30_000 },
    });
  });

  it('reads the generic x-ratelimit-* request budget; nothing when no budget is sent', () => {
    expect(
      parseRateLimitHeaders({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '7' }, NOW),
    ).toEqual({ requests: { limit: 20, remaining: 3, resetMs: 7000 } });
    expect(parseRateLimitHeaders({ 'content-type': 'application/json' }, NOW)).toBeUndefined();
    expect(parseRateLimitHeaders(undefined, NOW)).toBeUndefined();
  });

  it('parses every reset form', () => {
    expect(parseReset('1h2m3.5s', NOW)).toBe(3_723_500);
    expect(parseReset('20ms', NOW)).toBe(20);
    expect(parseReset('2', NOW)).toBe(2000);
    expect(parseReset(String(NOW / 1000 + 3), NOW)).toBe(3000);
    expect(parseReset(String(NOW + 250), NOW)).toBe(250);
    expect(parseReset('Thu, 01 Jan 2026 12:00:04 GMT', NOW)).toBe(4000);
    expect(parseReset('soon', NOW)).toBeUndefined();
  });
});

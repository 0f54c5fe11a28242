import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../provider-call-error.js';
import { callCostUsd, DEFAULT_PRICES, lookupPrice } from './prices.js';

describe('lookupPrice', () => {
  it('matches dated snapshots by the longest prefix', () => {
    expect(lookupPrice(DEFAULT_PRICES, 'openai', 'gpt-4.1-mini-2025-04-14')).toEqual(
      DEFAULT_PRICES['openai:gpt-4.1-mini'],
    );
    expect(lookupPrice(DEFAULT_PRICES, 'openai', 'gpt-4.1-2025-04-14')).toEqual(DEFAULT_PRICES['openai:gpt-4.1']);
    expect(lookupPrice(DEFAULT_PRICES, 'anthropic', 'claude-sonnet-4-5-20250929')?.input).toBe(3);
    expect(lookupPrice(DEFAULT_PRICES, 'anthropic', 'claude-opus-4-5-20251101')?.input).toBe(5);
  });

  it('maps OpenRouter vendor/model ids, and knows nothing of local models', () => {
    expect(lookupPrice(DEFAULT_PRICES, 'openai-compatible', 'google/gemini-2.5-flash')).toEqual(
      DEFAULT_PRICES['google:gemini-2.5-flash'],
    );
    expect(lookupPrice(DEFAULT_PRICES, 'ollama', 'llama3.1:8b')).toBeUndefined();
  });
});

describe('callCostUsd', () => {
  it('charges cached input at the cached rate', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 100_000, cachedInputTokens: 400_000 };
    // 0.6 M × $3 + 0.4 M × $0.30 + 0.1 M × $15
    expect(callCostUsd(usage, { input: 3, output: 15, cachedInput: 0.3 })).toBeCloseTo(1.8 + 0.12 + 1.5, 10);
  });
  it('is null when the price or the usage is unknown, never 0', () => {
    expect(callCostUsd({ inputTokens: 10, outputTokens: 1, cachedInputTokens: null }, undefined)).toBeNull();
    expect(
      callCostUsd({ inputTokens: null, outputTokens: 1, cachedInputTokens: null }, { input: 1, output: 1 }),
    ).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    [{ 'retry-after': '7' }, 7000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': 'Thu, 01 Jan 2026 12:00:30 GMT' }, 30_000],
    [{ 'retry-after': 'Thu, 01 Jan 2026 11:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%j → %s', (headers, ms) => {
    expect(parseRetryAfter(headers, now)).toBe(ms);
  });
});

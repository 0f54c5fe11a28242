import { describe, expect, it } from 'vitest';
import { callCostUsd, DEFAULT_PRICES } from '../middleware/prices.js';
import { batchPrices } from './batch-prices.js';
import { splitBatches } from './split-batches.js';

describe('splitBatches', () => {
  const size = (n: number) => n;
  it('keeps order and closes a batch at the request limit', () => {
    expect(splitBatches([1, 1, 1, 1, 1], { requests: 2, bytes: 100 }, size)).toEqual([[1, 1], [1, 1], [1]]);
  });
  it('closes a batch before the byte limit would be passed, exactly at it is fine', () => {
    expect(splitBatches([4, 6, 5, 5, 1], { requests: 10, bytes: 10 }, size)).toEqual([[4, 6], [5, 5], [1]]);
  });
  it('sends an item larger than the byte limit alone, and nothing for no items', () => {
    expect(splitBatches([2, 30, 2], { requests: 10, bytes: 10 }, size)).toEqual([[2], [30], [2]]);
    expect(splitBatches([], { requests: 10, bytes: 10 }, size)).toEqual([]);
  });
});

describe('batchPrices', () => {
  it('halves every price: 1M input + 1M output tokens of gpt-4.1-mini cost 1.00 USD instead of 2.00', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, cachedInputTokens: 0 };
    expect(callCostUsd(usage, DEFAULT_PRICES['openai:gpt-4.1-mini'])).toBeCloseTo(2.0, 10);
    expect(callCostUsd(usage, batchPrices()['openai:gpt-4.1-mini'])).toBeCloseTo(1.0, 10);
    // claude-haiku-4-5: 1 in, 5 out, 0.1 cached per million → 0.5, 2.5, 0.05.
    expect(batchPrices()['anthropic:claude-haiku-4-5']).toEqual({ input: 0.5, output: 2.5, cachedInput: 0.05 });
  });
});

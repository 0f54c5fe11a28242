import type { CachedCall, CallCache, CallMeta } from '../ports/call-cache.js';

/** Running totals of model calls, for progress and the run summary. */
export interface CallCounts {
  /** Calls answered by a provider in this process. */
  calls: number;
  /** Calls answered from the store's cache (not sent). */
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number;
  /** True once any call lacked a price: the cost is then a lower bound. */
  costIncomplete: boolean;
}

export function emptyCallCounts(): CallCounts {
  return {
    calls: 0,
    cacheHits: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    costUsd: 0,
    costIncomplete: false,
  };
}

/**
 * Wraps the store's call cache to count hits and what fresh calls cost; the
 * middleware consults the cache before every call and writes after it, so
 * this sees every call without knowing the provider.
 */
export function countingCache(inner: CallCache, counts: CallCounts): CallCache {
  return {
    async get(key: string) {
      const hit = await inner.get(key);
      if (hit) counts.cacheHits++;
      return hit;
    },
    async put(key: string, value: CachedCall, meta: CallMeta) {
      counts.calls++;
      counts.inputTokens += value.usage.inputTokens ?? 0;
      counts.outputTokens += value.usage.outputTokens ?? 0;
      counts.cachedInputTokens += value.usage.cachedInputTokens ?? 0;
      if (meta.costUsd === null) counts.costIncomplete = true;
      else counts.costUsd += meta.costUsd;
      await inner.put(key, value, meta);
    },
  };
}

import type { ModelCallResult } from '../judge/judge-model.js';

/**
 * Where finished model calls are kept, keyed by a content hash of (provider,
 * model, parameters, prompt template, full prompt, image hashes, sample).
 * A rerun sends no call whose key is here. The store implements it on disk.
 */
export interface CallCache {
  get(key: string): Promise<ModelCallResult | undefined>;
  put(key: string, value: ModelCallResult, meta: CallMeta): Promise<void>;
}

export interface CallMeta {
  provider: string;
  modelId: string;
  latencyMs: number;
  costUsd: number | null;
}

/**
 * Where finished model calls are kept, keyed by a content hash of (provider,
 * endpoint, model, every request parameter, prompt template, full prompt, image hashes, sample).
 * A rerun sends no call whose key is here. The store implements it on disk.
 */
export interface CallCache {
  /** The last reply stored under `key`, if it was valid; an invalid one is kept but never served. */
  get(key: string): Promise<CachedCall | undefined>;
  put(key: string, value: CachedCall, meta: CallMeta): Promise<void>;
}

export interface CallMeta {
  provider: string;
  modelId: string;
  latencyMs: number;
  costUsd: number | null;
  /**
   * Whether the reply was usable (a judge reply that gave a verdict). An
   * invalid one stays in the record but `get` does not return it, so a rerun
   * asks again. Default true.
   */
  valid?: boolean;
}

/** Structurally the same as the judge's `ModelCallResult`; ports depend on nothing but schema. */
export interface CachedCall {
  text: string;
  usage: { inputTokens: number | null; outputTokens: number | null; cachedInputTokens: number | null };
  finishReason?: string;
  responseId?: string;
  refusal?: string;
}

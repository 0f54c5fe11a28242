/** USD per million tokens. `cachedInput` is what a prompt-cache read costs; absent means the input price. */
export interface ModelPrice {
  input: number;
  output: number;
  cachedInput?: number;
}

/** Keyed `<provider>:<model id or its prefix>`; the longest matching prefix wins, so dated snapshots match. */
export type PriceTable = Record<string, ModelPrice>;

/**
 * List prices (standard tier, prompts under 200k tokens) as published by the
 * providers in 2025. Users extend or override entries with the `prices`
 * option; a model with no entry has cost `null`, never 0.
 */
export const DEFAULT_PRICES: PriceTable = {
  'openai:gpt-5': { input: 1.25, output: 10, cachedInput: 0.125 },
  'openai:gpt-5-mini': { input: 0.25, output: 2, cachedInput: 0.025 },
  'openai:gpt-5-nano': { input: 0.05, output: 0.4, cachedInput: 0.005 },
  'openai:gpt-4.1': { input: 2, output: 8, cachedInput: 0.5 },
  'openai:gpt-4.1-mini': { input: 0.4, output: 1.6, cachedInput: 0.1 },
  'openai:gpt-4.1-nano': { input: 0.1, output: 0.4, cachedInput: 0.025 },
  'openai:gpt-4o': { input: 2.5, output: 10, cachedInput: 1.25 },
  'openai:gpt-4o-mini': { input: 0.15, output: 0.6, cachedInput: 0.075 },
  'openai:o3': { input: 2, output: 8, cachedInput: 0.5 },
  'openai:o3-mini': { input: 1.1, output: 4.4, cachedInput: 0.55 },
  'openai:o4-mini': { input: 1.1, output: 4.4, cachedInput: 0.275 },
  'anthropic:claude-opus-4': { input: 15, output: 75, cachedInput: 1.5 },
  'anthropic:claude-opus-4-5': { input: 5, output: 25, cachedInput: 0.5 },
  'anthropic:claude-sonnet-4': { input: 3, output: 15, cachedInput: 0.3 },
  'anthropic:claude-3-7-sonnet': { input: 3, output: 15, cachedInput: 0.3 },
  'anthropic:claude-3-5-sonnet': { input: 3, output: 15, cachedInput: 0.3 },
  'anthropic:claude-haiku-4-5': { input: 1, output: 5, cachedInput: 0.1 },
  'anthropic:claude-3-5-haiku': { input: 0.8, output: 4, cachedInput: 0.08 },
  'google:gemini-2.5-pro': { input: 1.25, output: 10, cachedInput: 0.31 },
  'google:gemini-2.5-flash': { input: 0.3, output: 2.5, cachedInput: 0.075 },
  'google:gemini-2.5-flash-lite': { input: 0.1, output: 0.4, cachedInput: 0.025 },
  'google:gemini-2.0-flash': { input: 0.1, output: 0.4, cachedInput: 0.025 },
};

/**
 * The price for a model: exact key, else the longest key that prefixes it.
 * OpenRouter-style ids (`openai/gpt-4.1`) on openai-compatible fall back to
 * the named vendor's entry.
 */
export function lookupPrice(table: PriceTable, provider: string, modelId: string): ModelPrice | undefined {
  const candidates = [`${provider}:${modelId}`];
  const slash = modelId.indexOf('/');
  if (slash > 0) candidates.push(`${modelId.slice(0, slash)}:${modelId.slice(slash + 1)}`);
  for (const wanted of candidates) {
    if (table[wanted] !== undefined) return table[wanted];
    let best: string | undefined;
    for (const key of Object.keys(table)) {
      if (wanted.startsWith(key) && (best === undefined || key.length > best.length)) best = key;
    }
    if (best !== undefined) return table[best];
  }
  return undefined;
}

export function callCostUsd(
  usage: { inputTokens: number | null; outputTokens: number | null; cachedInputTokens: number | null },
  price: ModelPrice | undefined,
): number | null {
  if (price === undefined || usage.inputTokens === null || usage.outputTokens === null) return null;
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const cost =
    (usage.inputTokens - cached) * price.input +
    cached * (price.cachedInput ?? price.input) +
    usage.outputTokens * price.output;
  return cost / 1_000_000;
}

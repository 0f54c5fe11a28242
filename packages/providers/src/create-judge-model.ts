import type { JudgeModel } from '@gamut/core';
import { closeLeanFetch } from './adapters/lean-fetch.js';
import { sdkJudgeModel, warmUpSdk } from './adapters/sdk-providers.js';
import { type Env, NO_ENV } from './env.js';
import { readSpec, type SpecWording } from './judge-spec.js';

export interface CreateJudgeModelOptions {
  /** Where API keys and base URLs are read from (lazily, at the first call). The CLI passes `process.env`. */
  env?: Env;
  /**
   * The key, instead of the provider's environment variable. Held by the
   * model only: never part of its spec, the cache key or any message.
   */
  apiKey?: string;
  /** For tests and proxies. */
  fetch?: typeof fetch;
  /** Overrides the spec's and the environment's base URL. */
  baseURL?: string;
  /** How a bad spec is reported (`judge` or `model`, the forms the caller accepts). */
  wording?: SpecWording;
}

/**
 * A model from a spec: `openai:<model>` (Responses API), `openai-chat:<model>`
 * (Chat Completions), `anthropic:<model>`, `google:<model>`,
 * `openai-compatible:<model>@<base URL>`, `ollama:<model>`, `mock:<mode>`
 * (the provider registry, `registry/providers.ts`, lists them).
 * A malformed spec is an `InputError`; a missing key surfaces at the first call.
 */
export async function createJudgeModel(spec: string, options: CreateJudgeModelOptions = {}): Promise<JudgeModel> {
  const { spec: parsed, entry } = readSpec(spec, options.wording);
  if (entry.wire === 'in-process') return entry.create(parsed.modelId);
  return sdkJudgeModel(
    entry,
    { ...parsed, text: spec },
    {
      env: options.env ?? (options.apiKey === undefined ? NO_ENV : {}),
      ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
      ...(options.fetch !== undefined && { fetch: options.fetch }),
      ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
      ...(options.wording !== undefined && { wording: options.wording }),
    },
  );
}

/**
 * Loads what the first call of `spec` needs (SDK module, HTTP client) without
 * sending anything or reading keys; never throws (a bad spec or a failed
 * import is reported by the call that needs it).
 */
export async function warmUpJudgeModel(spec: string): Promise<void> {
  try {
    const { entry } = readSpec(spec);
    if (entry.wire !== 'in-process') await warmUpSdk(entry);
  } catch {
    // Reported by createJudgeModel or the first call, where the user can act on it.
  }
}

/** Closes kept-alive provider connections; call when a run's calls are done so the process exits promptly. */
export function closeJudgeConnections(): Promise<void> {
  return closeLeanFetch();
}

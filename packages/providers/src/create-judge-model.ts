import type { JudgeModel } from '@gamut/core';
import { closeLeanFetch } from './adapters/lean-fetch.js';
import { createMockJudgeModel } from './adapters/mock-judge-model.js';
import { sdkJudgeModel, warmUpSdk } from './adapters/sdk-providers.js';
import { type Env, NO_ENV } from './env.js';
import { parseJudgeSpec } from './judge-spec.js';

export interface CreateJudgeModelOptions {
  /** Where API keys and base URLs are read from (lazily, at the first call). The CLI passes `process.env`. */
  env?: Env;
  /** For tests and proxies. */
  fetch?: typeof fetch;
  /** Overrides the spec's and the environment's base URL. */
  baseURL?: string;
}

/**
 * A model from a judge spec: `openai:<model>` (Responses API), `openai-chat:<model>`
 * (Chat Completions), `anthropic:<model>`, `google:<model>`,
 * `openai-compatible:<model>@<base URL>`, `ollama:<model>`, `mock:<mode>`.
 * A malformed spec is an `InputError`; a missing key surfaces at the first call.
 */
export async function createJudgeModel(spec: string, options: CreateJudgeModelOptions = {}): Promise<JudgeModel> {
  const parsed = parseJudgeSpec(spec);
  if (parsed.provider === 'mock') return createMockJudgeModel(parsed.modelId);
  return sdkJudgeModel(parsed, { env: options.env ?? NO_ENV, fetch: options.fetch, baseURL: options.baseURL });
}

/**
 * Loads what the first call of `spec` needs (SDK module, HTTP client) without
 * sending anything or reading keys; never throws (a bad spec or a failed
 * import is reported by the call that needs it).
 */
export async function warmUpJudgeModel(spec: string): Promise<void> {
  try {
    await warmUpSdk(parseJudgeSpec(spec));
  } catch {
    // Reported by createJudgeModel or the first call, where the user can act on it.
  }
}

/** Closes kept-alive provider connections; call when a run's calls are done so the process exits promptly. */
export function closeJudgeConnections(): Promise<void> {
  return closeLeanFetch();
}

import type { JudgeModel } from '@gamut/core';
import { createMockJudgeModel } from './adapters/mock-judge-model.js';
import { sdkJudgeModel } from './adapters/sdk-providers.js';
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

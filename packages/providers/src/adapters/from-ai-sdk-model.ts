import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { InputError, type JudgeModel } from '@gamut/core';
import { registerSecrets } from '../redact.js';
import { createAiSdkJudgeModel } from './ai-sdk-judge-model.js';

export interface FromAiSdkModelOptions {
  /**
   * Where the calls go, as the call cache tells models apart (default: none,
   * so the cache key is the model's provider and id). Set it when one model
   * id is served at two endpoints.
   */
  endpoint?: string;
  /**
   * The key the model was made with. Only registered, so that a provider
   * echoing it back in an error is redacted before anything is stored or
   * printed; it is never part of a message or a cache key.
   */
  apiKey?: string;
  /** Sent with every call, e.g. `{ openai: { store: false } }`. */
  providerOptions?: SharedV3ProviderOptions;
  /** Mark the shared prompt prefix with Anthropic's `cache_control`; default: on for Anthropic models. */
  cacheBreakpoints?: boolean;
}

/**
 * Any AI SDK language model (`LanguageModelV3`, the interface of `ai@6`
 * providers) as a Gamut model: a judge, or a model under test. Wrap the
 * result in `withMiddleware` for the call cache, pacing and retries; its
 * errors are classified into the same failure kinds as a spec's.
 */
export function fromAiSdkModel(model: LanguageModelV3, options: FromAiSdkModelOptions = {}): JudgeModel {
  const version = (model as { specificationVersion?: unknown }).specificationVersion;
  if (version !== 'v3') {
    throw new InputError({
      rule: 'ai-sdk-model',
      path: 'model',
      message:
        `fromAiSdkModel needs an AI SDK v6 model (specificationVersion "v3"), got ${JSON.stringify(version ?? null)}: ` +
        'upgrade the @ai-sdk/* provider package to the version that matches ai@6',
    });
  }
  registerSecrets([options.apiKey]);
  return createAiSdkJudgeModel({
    provider: model.provider,
    modelId: model.modelId,
    ...(options.endpoint !== undefined && { endpoint: options.endpoint }),
    cacheBreakpoints: options.cacheBreakpoints ?? model.provider.startsWith('anthropic'),
    ...(options.providerOptions !== undefined && { providerOptions: options.providerOptions }),
    load: async () => model,
  });
}

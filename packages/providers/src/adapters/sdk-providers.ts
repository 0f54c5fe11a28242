import { InputError, type JudgeModel } from '@gamut/core';
import { type Env, firstEnv, requireApiKey } from '../env.js';
import type { JudgeSpec } from '../judge-spec.js';
import { registerEnvSecrets } from '../redact.js';
import { createAiSdkJudgeModel } from './ai-sdk-judge-model.js';
import { leanFetch, warmUpLeanFetch } from './lean-fetch.js';

export interface ProviderContext {
  env: Env;
  fetch?: typeof fetch;
  /** Overrides the spec's and the environment's base URL. */
  baseURL?: string;
}

const importSdk = {
  openai: () => import('@ai-sdk/openai'),
  anthropic: () => import('@ai-sdk/anthropic'),
  google: () => import('@ai-sdk/google'),
  openaiCompatible: () => import('@ai-sdk/openai-compatible'),
};

/**
 * Imports the provider's SDK module and the HTTP client without reading any
 * key or sending anything, so a run can do it while it reads its inputs and
 * its first calls go out at once. A spec it cannot parse is left to
 * `createJudgeModel` to report.
 */
export async function warmUpSdk(spec: JudgeSpec): Promise<void> {
  if (spec.provider === 'mock') return;
  // The SDKs build their headers with the global `Headers`, which Node loads on first touch.
  void globalThis.Headers;
  const sdk =
    spec.provider === 'openai' || spec.provider === 'openai-chat'
      ? importSdk.openai()
      : spec.provider === 'anthropic'
        ? importSdk.anthropic()
        : spec.provider === 'google'
          ? importSdk.google()
          : importSdk.openaiCompatible();
  await Promise.all([sdk, warmUpLeanFetch()]);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * One adapter per provider family. SDK modules are imported on the first
 * call, never at load, so `gamut --help` does not pay for them; keys are
 * read then too, and a missing one is an error naming the variable.
 */
export function sdkJudgeModel(spec: JudgeSpec, options: ProviderContext): JudgeModel {
  const ctx = { ...options, fetch: options.fetch ?? leanFetch };
  const { env } = ctx;
  // Whatever a provider echoes back, these never reach the store or the terminal.
  registerEnvSecrets(env);
  const modelId = spec.modelId;
  switch (spec.provider) {
    case 'openai':
    case 'openai-chat': {
      const baseURL = trimSlash(ctx.baseURL ?? firstEnv(env, ['OPENAI_BASE_URL']) ?? 'https://api.openai.com/v1');
      return createAiSdkJudgeModel({
        provider: 'openai',
        modelId,
        endpoint: `${baseURL}/${spec.provider === 'openai' ? 'responses' : 'chat/completions'}`,
        keyVariable: 'OPENAI_API_KEY',
        // Grading data is not kept on the provider's side.
        providerOptions: spec.provider === 'openai' ? { openai: { store: false } } : undefined,
        load: async () => {
          const apiKey = requireApiKey(env, ['OPENAI_API_KEY'], 'openai');
          const { createOpenAI } = await importSdk.openai();
          const provider = createOpenAI({ apiKey, baseURL, fetch: ctx.fetch });
          return spec.provider === 'openai' ? provider.responses(modelId) : provider.chat(modelId);
        },
      });
    }
    case 'anthropic': {
      const baseURL = trimSlash(ctx.baseURL ?? firstEnv(env, ['ANTHROPIC_BASE_URL']) ?? 'https://api.anthropic.com/v1');
      return createAiSdkJudgeModel({
        provider: 'anthropic',
        modelId,
        endpoint: `${baseURL}/messages`,
        keyVariable: 'ANTHROPIC_API_KEY',
        cacheBreakpoints: true,
        load: async () => {
          const apiKey = requireApiKey(env, ['ANTHROPIC_API_KEY'], 'anthropic');
          const { createAnthropic } = await importSdk.anthropic();
          return createAnthropic({ apiKey, baseURL, fetch: ctx.fetch }).messages(modelId);
        },
      });
    }
    case 'google': {
      const baseURL = trimSlash(
        ctx.baseURL ??
          firstEnv(env, ['GEMINI_BASE_URL', 'GOOGLE_GENERATIVE_AI_BASE_URL']) ??
          'https://generativelanguage.googleapis.com/v1beta',
      );
      return createAiSdkJudgeModel({
        provider: 'google',
        modelId,
        endpoint: `${baseURL}/models/${modelId}:generateContent`,
        keyVariable: 'GEMINI_API_KEY (or GOOGLE_API_KEY)',
        load: async () => {
          const apiKey = requireApiKey(
            env,
            ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'],
            'google',
          );
          const { createGoogleGenerativeAI } = await importSdk.google();
          return createGoogleGenerativeAI({ apiKey, baseURL, fetch: ctx.fetch }).languageModel(modelId);
        },
      });
    }
    case 'openai-compatible':
    case 'ollama': {
      const isOllama = spec.provider === 'ollama';
      const baseURL = isOllama
        ? (ctx.baseURL ?? ollamaBaseURL(firstEnv(env, ['OLLAMA_HOST'])))
        : (ctx.baseURL ?? spec.baseURL ?? firstEnv(env, ['OPENAI_COMPATIBLE_BASE_URL']));
      if (baseURL === undefined) {
        throw new InputError({
          rule: 'judge-spec',
          path: 'judge',
          message: `openai-compatible:${modelId}: no base URL: use openai-compatible:<model>@<base URL> or set OPENAI_COMPATIBLE_BASE_URL`,
        });
      }
      return createAiSdkJudgeModel({
        provider: spec.provider,
        modelId,
        endpoint: `${trimSlash(baseURL)}/chat/completions`,
        keyVariable: isOllama ? 'OLLAMA_API_KEY' : 'OPENAI_COMPATIBLE_API_KEY (or OPENROUTER_API_KEY)',
        load: async () => {
          // Local servers (vLLM, llama.cpp, LM Studio, Ollama) need no key; hosted ones (OpenRouter) do.
          const apiKey = firstEnv(
            env,
            isOllama ? ['OLLAMA_API_KEY'] : ['OPENAI_COMPATIBLE_API_KEY', 'OPENROUTER_API_KEY'],
          );
          const { createOpenAICompatible } = await importSdk.openaiCompatible();
          return createOpenAICompatible({
            name: spec.provider,
            baseURL: trimSlash(baseURL),
            apiKey,
            fetch: ctx.fetch,
            includeUsage: true,
            // Without it the JSON schema is silently not sent.
            supportsStructuredOutputs: true,
          }).chatModel(modelId);
        },
      });
    }
    case 'mock':
      throw new Error('mock models are not SDK models');
  }
}

/** OLLAMA_HOST may be `host:port`, a URL, or unset; its OpenAI-compatible API lives under /v1. */
export function ollamaBaseURL(host: string | undefined): string {
  if (host === undefined) return 'http://127.0.0.1:11434/v1';
  const url = /^https?:\/\//.test(host) ? host : `http://${host}`;
  const base = trimSlash(url);
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

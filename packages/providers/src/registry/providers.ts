import { leanChatModel } from '../adapters/lean-chat.js';
import { createMockJudgeModel } from '../adapters/mock-judge-model.js';
import type { ProviderEntry, SdkLoadInput } from './provider-entry.js';

const openaiSdk = () => import('@ai-sdk/openai');
const anthropicSdk = () => import('@ai-sdk/anthropic');
const googleSdk = () => import('@ai-sdk/google');
const compatibleSdk = () => import('@ai-sdk/openai-compatible');

/** OLLAMA_HOST may be `host:port` or a URL; its OpenAI-compatible API lives under /v1. */
export function ollamaBaseURL(host: string | undefined): string {
  if (host === undefined) return 'http://127.0.0.1:11434/v1';
  const url = /^https?:\/\//.test(host) ? host : `http://${host}`;
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

/**
 * Every provider a spec can name, one entry each. A new provider is one
 * entry here plus its row in the conformance test
 * (`registry/provider-conformance.test.ts`), which runs every entry against a
 * local server speaking its wire format.
 */
export const PROVIDERS = [
  {
    name: 'openai',
    form: 'openai:<model>',
    wire: 'openai-responses',
    keyVariables: ['OPENAI_API_KEY'],
    baseURLVariables: ['OPENAI_BASE_URL'],
    defaultBaseURL: 'https://api.openai.com/v1',
    path: () => '/responses',
    // Grading data is not kept on the provider's side.
    providerOptions: { openai: { store: false } },
    importSdk: openaiSdk,
    load: async ({ modelId, baseURL, apiKey, fetch }) =>
      (await openaiSdk()).createOpenAI({ apiKey, baseURL, fetch }).responses(modelId),
  },
  {
    name: 'openai-chat',
    family: 'openai',
    form: 'openai-chat:<model>',
    wire: 'openai-chat',
    keyVariables: ['OPENAI_API_KEY'],
    baseURLVariables: ['OPENAI_BASE_URL'],
    defaultBaseURL: 'https://api.openai.com/v1',
    path: () => '/chat/completions',
    importSdk: openaiSdk,
    load: async ({ modelId, baseURL, apiKey, fetch }) =>
      (await openaiSdk()).createOpenAI({ apiKey, baseURL, fetch }).chat(modelId),
  },
  {
    name: 'anthropic',
    form: 'anthropic:<model>',
    wire: 'anthropic',
    keyVariables: ['ANTHROPIC_API_KEY'],
    baseURLVariables: ['ANTHROPIC_BASE_URL'],
    defaultBaseURL: 'https://api.anthropic.com/v1',
    path: () => '/messages',
    cacheBreakpoints: true,
    importSdk: anthropicSdk,
    load: async ({ modelId, baseURL, apiKey, fetch }) =>
      (await anthropicSdk()).createAnthropic({ apiKey, baseURL, fetch }).messages(modelId),
  },
  {
    name: 'google',
    aliases: ['gemini'],
    form: 'google:<model>',
    wire: 'gemini',
    keyVariables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'],
    baseURLVariables: ['GEMINI_BASE_URL', 'GOOGLE_GENERATIVE_AI_BASE_URL'],
    defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
    path: (modelId) => `/models/${modelId}:generateContent`,
    importSdk: googleSdk,
    load: async ({ modelId, baseURL, apiKey, fetch }) =>
      (await googleSdk()).createGoogleGenerativeAI({ apiKey, baseURL, fetch }).languageModel(modelId),
  },
  {
    name: 'openai-compatible',
    form: 'openai-compatible:<model>@<base URL>',
    wire: 'openai-chat',
    // Local servers (vLLM, llama.cpp, LM Studio) need no key; hosted ones (OpenRouter) do.
    keyVariables: ['OPENAI_COMPATIBLE_API_KEY', 'OPENROUTER_API_KEY'],
    keyOptional: true,
    baseURLVariables: ['OPENAI_COMPATIBLE_BASE_URL'],
    baseURLInSpec: true,
    path: () => '/chat/completions',
    importSdk: compatibleSdk,
    load: (input) => compatibleModel('openai-compatible', input),
  },
  {
    name: 'ollama',
    form: 'ollama:<model>',
    wire: 'openai-chat',
    keyVariables: ['OLLAMA_API_KEY'],
    keyOptional: true,
    baseURLVariables: ['OLLAMA_HOST'],
    defaultBaseURL: ollamaBaseURL(undefined),
    normalizeBaseURL: ollamaBaseURL,
    path: () => '/chat/completions',
    importSdk: compatibleSdk,
    load: (input) => compatibleModel('ollama', input),
  },
  {
    name: 'mock',
    form: 'mock:<mode>',
    wire: 'in-process',
    create: createMockJudgeModel,
  },
] as const satisfies readonly ProviderEntry[];

export type ProviderName = (typeof PROVIDERS)[number]['name'];

async function compatibleModel(name: string, { modelId, baseURL, apiKey, fetch }: SdkLoadInput) {
  const { createOpenAICompatible } = await compatibleSdk();
  return leanChatModel(modelId, name, fetch, (sdkFetch) =>
    createOpenAICompatible({
      name,
      baseURL,
      apiKey,
      fetch: sdkFetch,
      includeUsage: true,
      // Without it the JSON schema is silently not sent.
      supportsStructuredOutputs: true,
    }).chatModel(modelId),
  );
}

/** The entry a spec prefix names (aliases included), or undefined. */
export function findProvider(prefix: string): ProviderEntry | undefined {
  return (PROVIDERS as readonly ProviderEntry[]).find(
    (p) => p.name === prefix || (p.aliases?.includes(prefix) ?? false),
  );
}

/** Every model spec form, in registry order: listed whenever a spec is wrong. */
export const MODEL_SPEC_FORMS: readonly string[] = PROVIDERS.map((p) => p.form);

/** Every variable any provider reads a key from: their values are redacted wherever they turn up. */
export const KEY_VARIABLES: readonly string[] = [
  ...new Set(PROVIDERS.flatMap((p): readonly string[] => ('keyVariables' in p ? p.keyVariables : []))),
];

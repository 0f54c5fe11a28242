import { InputError } from '@gamut/core';

export type ProviderName = 'openai' | 'openai-chat' | 'anthropic' | 'google' | 'openai-compatible' | 'ollama' | 'mock';

export interface JudgeSpec {
  provider: ProviderName;
  modelId: string;
  /** Only `openai-compatible:<model>@<base URL>` carries one in the spec. */
  baseURL?: string;
}

const PROVIDERS: readonly ProviderName[] = [
  'openai',
  'openai-chat',
  'anthropic',
  'google',
  'openai-compatible',
  'ollama',
  'mock',
];

const ALIASES: Record<string, ProviderName> = { gemini: 'google' };

/**
 * `<provider>:<model>`; the model may itself contain `:` (Ollama tags) or
 * `/` (OpenRouter ids). For openai-compatible the base URL follows the last
 * `@` that starts an http(s) URL.
 */
export function parseJudgeSpec(spec: string): JudgeSpec {
  const colon = spec.indexOf(':');
  const prefix = colon < 0 ? spec : spec.slice(0, colon);
  const provider = ALIASES[prefix] ?? (PROVIDERS as readonly string[]).find((p) => p === prefix);
  const rest = colon < 0 ? '' : spec.slice(colon + 1).trim();
  if (provider === undefined) {
    throw specError(spec, `unknown provider "${prefix}"; expected one of ${PROVIDERS.join(', ')}`);
  }
  if (provider === 'openai-compatible') {
    const at = rest.search(/@https?:\/\/[^@]*$/);
    const modelId = at < 0 ? rest : rest.slice(0, at);
    if (modelId === '') throw specError(spec, 'expected openai-compatible:<model>@<base URL>');
    return at < 0 ? { provider, modelId } : { provider, modelId, baseURL: rest.slice(at + 1) };
  }
  if (rest === '') throw specError(spec, `expected ${provider}:<model>`);
  return { provider: provider as ProviderName, modelId: rest };
}

function specError(spec: string, message: string): InputError {
  return new InputError({ rule: 'judge-spec', path: 'judge', message: `judge spec "${spec}": ${message}` });
}

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
    // A URL with user:password@ has an `@` of its own: checked for a key before anything is echoed.
    const first = rest.search(/@https?:\/\//);
    if (first >= 0) refuseCredentials(`${prefix}:${rest.slice(0, first)}`, rest.slice(first + 1));
    const at = rest.search(/@https?:\/\/[^@]*$/);
    const modelId = at < 0 ? rest : rest.slice(0, at);
    if (modelId === '') throw specError(spec, 'expected openai-compatible:<model>@<base URL>');
    if (at < 0) return { provider, modelId };
    return { provider, modelId, baseURL: rest.slice(at + 1) };
  }
  if (rest === '') throw specError(spec, `expected ${provider}:<model>`);
  return { provider: provider as ProviderName, modelId: rest };
}

/** Query parameters that carry a key, as hosted endpoints spell them. */
const KEY_PARAMS = /^(api[_-]?key|key|token|access[_-]?token|auth|password|secret)$/i;

/**
 * A key inside the base URL would be stored in the run's manifest and shown
 * in every message naming the judge: refused, without echoing it.
 */
function refuseCredentials(judge: string, baseURL: string): void {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return; // reported by the first call, which names the URL it could not reach
  }
  const param = [...url.searchParams.keys()].find((k) => KEY_PARAMS.test(k));
  const carried =
    url.username !== '' || url.password !== '' ? 'user:password@' : param === undefined ? '' : `?${param}=`;
  if (carried === '') return;
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  throw new InputError({
    rule: 'judge-spec',
    path: 'judge',
    message:
      `judge spec "${judge}@${shown}": the base URL carries a key (${carried}…); remove it and set ` +
      'OPENAI_COMPATIBLE_API_KEY instead, so the key is never stored or printed',
  });
}

function specError(spec: string, message: string): InputError {
  return new InputError({ rule: 'judge-spec', path: 'judge', message: `judge spec "${spec}": ${message}` });
}

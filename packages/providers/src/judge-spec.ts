import { InputError } from '@gamut/core';
import type { ProviderEntry } from './registry/provider-entry.js';
import { findProvider, MODEL_SPEC_FORMS, type ProviderName } from './registry/providers.js';

export type { ProviderName };

export interface JudgeSpec {
  provider: ProviderName;
  modelId: string;
  /** Only a provider whose spec may carry one (`openai-compatible:<model>@<base URL>`). */
  baseURL?: string;
}

/** How a bad spec is reported: what it was for, and the forms the caller accepts. */
export interface SpecWording {
  /** Default `judge`. */
  role?: 'judge' | 'model';
  /** Listed after the problem; default every model spec form. */
  forms?: readonly string[];
}

/**
 * `<provider>:<model>`; the model may itself contain `:` (Ollama tags) or
 * `/` (OpenRouter ids). Where the entry allows a base URL in the spec, it
 * follows the last `@`.
 */
export function parseJudgeSpec(spec: string, wording: SpecWording = {}): JudgeSpec {
  return readSpec(spec, wording).spec;
}

/** The spec parsed, with the registry entry it names. */
export function readSpec(spec: string, wording: SpecWording = {}): { spec: JudgeSpec; entry: ProviderEntry } {
  const colon = spec.indexOf(':');
  const prefix = colon < 0 ? spec : spec.slice(0, colon);
  const rest = colon < 0 ? '' : spec.slice(colon + 1).trim();
  const entry = findProvider(prefix);
  if (entry === undefined) {
    const hint = colon < 0 ? ' (a model spec is <provider>:<model>)' : '';
    throw judgeSpecError(spec, `unknown provider "${prefix}"${hint}`, wording);
  }
  const found = (parsed: JudgeSpec) => ({ spec: parsed, entry });
  const provider = entry.name as ProviderName;
  if (!('baseURLInSpec' in entry)) {
    if (rest === '') throw judgeSpecError(spec, `${provider} needs a model: ${provider}:<model>`, wording);
    return found({ provider, modelId: rest });
  }
  // A URL with user:password@ has an `@` of its own: checked for a key before anything is echoed.
  const first = rest.search(/@https?:\/\//i);
  if (first >= 0) refuseCredentials(entry, `${prefix}:${rest.slice(0, first)}`, rest.slice(first + 1), wording);
  const at = rest.search(/@https?:\/\/[^@]*$/i);
  const last = at >= 0 ? at : rest.lastIndexOf('@');
  const modelId = last < 0 ? rest : rest.slice(0, last);
  const example = `${provider}:<model>@http://host:port/v1`;
  if (modelId === '') throw judgeSpecError(spec, `${provider} needs a model: ${example}`, wording);
  if (last < 0) return found({ provider, modelId });
  const url = rest.slice(last + 1);
  if (at < 0) {
    throw judgeSpecError(spec, `${provider} needs a base URL: ${example} (http:// missing in "${url}")`, wording);
  }
  return found({ provider, modelId, baseURL: url });
}

/** The error every bad spec is: rule `judge-spec`, the problem, then the forms that would do. */
export function judgeSpecError(spec: string, problem: string, wording: SpecWording = {}): InputError {
  const role = wording.role ?? 'judge';
  const forms = (wording.forms ?? MODEL_SPEC_FORMS).join(', ');
  return new InputError({
    rule: 'judge-spec',
    path: role,
    message: `${role} spec "${spec}": ${problem}. Valid forms: ${forms}`,
  });
}

/** Query parameters that carry a key, as hosted endpoints spell them. */
const KEY_PARAMS = /^(api[_-]?key|key|token|access[_-]?token|auth|password|secret)$/i;

/**
 * A key inside the base URL would be stored in the run's manifest and shown
 * in every message naming the judge: refused, without echoing it.
 */
function refuseCredentials(entry: ProviderEntry, judge: string, baseURL: string, wording: SpecWording): void {
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
  const variable = 'keyVariables' in entry ? entry.keyVariables[0] : 'the key variable';
  const role = wording.role ?? 'judge';
  throw new InputError({
    rule: 'judge-spec',
    path: role,
    message:
      `${role} spec "${judge}@${shown}": the base URL carries a key (${carried}…); remove it and set ` +
      `${variable} instead, so the key is never stored or printed`,
  });
}

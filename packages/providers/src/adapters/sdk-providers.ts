import type { JudgeModel } from '@gamut/core';
import { type Env, firstEnv, requireApiKey } from '../env.js';
import { type JudgeSpec, judgeSpecError, type SpecWording } from '../judge-spec.js';
import { registerSecrets } from '../redact.js';
import type { SdkProviderEntry } from '../registry/provider-entry.js';
import { KEY_VARIABLES } from '../registry/providers.js';
import { createAiSdkJudgeModel } from './ai-sdk-judge-model.js';
import { leanFetch, warmUpLeanFetch } from './lean-fetch.js';

export interface ProviderContext {
  env: Env;
  fetch?: typeof fetch;
  /** Overrides the spec's and the environment's base URL. */
  baseURL?: string;
  /** Used instead of the entry's key variables; never stored or printed. */
  apiKey?: string;
  /** How a spec without a base URL is reported. */
  wording?: SpecWording;
}

/**
 * Imports the provider's SDK module and the HTTP client without reading any
 * key or sending anything, so a run can do it while it reads its inputs and
 * its first calls go out at once.
 */
export async function warmUpSdk(entry: SdkProviderEntry): Promise<void> {
  await Promise.all([entry.importSdk(), warmUpLeanFetch()]);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The model an SDK entry makes. The SDK module is imported on the first
 * call, never at load, so `gamut --help` does not pay for it; the key is read
 * then too, and a missing one is an error naming the variable.
 */
export function sdkJudgeModel(
  entry: SdkProviderEntry,
  spec: JudgeSpec & { text: string },
  ctx: ProviderContext,
): JudgeModel {
  const { env, apiKey } = ctx;
  // Whatever a provider echoes back, these never reach the store or the terminal.
  registerSecrets([apiKey, ...KEY_VARIABLES.map((name) => env[name])]);
  const { modelId } = spec;
  const baseURL = trimSlash(baseURLOf(entry, spec, ctx));
  const fetch = ctx.fetch ?? leanFetch;
  const provider = entry.family ?? entry.name;
  return createAiSdkJudgeModel({
    provider,
    modelId,
    endpoint: `${baseURL}${entry.path(modelId)}`,
    keyVariable: apiKey !== undefined ? 'the apiKey option' : adviceName(entry.keyVariables),
    ...(entry.cacheBreakpoints === true && { cacheBreakpoints: true }),
    ...(entry.providerOptions !== undefined && { providerOptions: entry.providerOptions }),
    load: () => {
      const key =
        apiKey ??
        (entry.keyOptional === true
          ? firstEnv(env, entry.keyVariables)
          : requireApiKey(env, entry.keyVariables, provider));
      return entry.load({ modelId, baseURL, apiKey: key, fetch });
    },
  });
}

/** The option, then the spec's, then the first variable set, then the entry's default. */
function baseURLOf(entry: SdkProviderEntry, spec: JudgeSpec & { text: string }, ctx: ProviderContext): string {
  if (ctx.baseURL !== undefined) return ctx.baseURL;
  if (spec.baseURL !== undefined) return spec.baseURL;
  const fromEnv = firstEnv(ctx.env, entry.baseURLVariables);
  if (fromEnv !== undefined) return entry.normalizeBaseURL?.(fromEnv) ?? fromEnv;
  if (entry.defaultBaseURL !== undefined) return entry.defaultBaseURL;
  const example = `${entry.name}:<model>@http://host:port/v1`;
  const variables = entry.baseURLVariables.join(' or ');
  throw judgeSpecError(spec.text, `${entry.name} needs a base URL: ${example}, or ${variables} set`, ctx.wording);
}

/** `A (or B)`: the variables the advice names when a key is rejected. */
function adviceName(variables: readonly string[]): string | undefined {
  const [first, second] = variables;
  return second === undefined ? first : `${first} (or ${second})`;
}

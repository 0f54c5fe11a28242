import { ProviderCallError } from './provider-call-error.js';

export type Env = Record<string, string | undefined>;

/** The first non-empty variable of `names`; read when a call is first made, so `--help` needs no key. */
export function firstEnv(env: Env, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** Marks the empty environment used when a library caller passed none, so the error can say so. */
export const NO_ENV: Env = Object.freeze({});

export function requireApiKey(env: Env, names: readonly string[], provider: string): string {
  const key = firstEnv(env, names);
  if (key !== undefined) return key;
  const which = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  const hint = env === NO_ENV ? ' (no env was given to createJudgeModel: pass { env: process.env } or { apiKey })' : '';
  throw new ProviderCallError(`${provider}: no API key: set the environment variable ${which}${hint}`, {
    kind: 'config',
    provider,
    retryable: false,
    fatal: 'auth',
  });
}

import { resolve } from 'node:path';
import { InputError, type SearchProvider } from '@gamut/core';
import { braveBackend } from './adapters/brave.js';
import { exaBackend } from './adapters/exa.js';
import { searxngBackend } from './adapters/searxng.js';
import { tavilyBackend } from './adapters/tavily.js';
import type { Env, WebSearchBackend } from './adapters/web-backend.js';
import { openDiskCache } from './cache/disk-cache.js';
import type { CacheMode } from './cache/document-fetcher.js';
import { openLocalSearch } from './local/local-search.js';
import { SearchError } from './search-error.js';
import { createWebSearchProvider } from './web-search-provider.js';

export type SearchSpec =
  | { provider: 'local'; folder: string }
  | { provider: 'tavily' | 'exa' | 'brave' }
  | { provider: 'searxng'; baseURL: string };

export const SEARCH_SPEC_FORMS = ['local:<folder>', 'tavily', 'exa', 'brave', 'searxng:<http://host:port>'] as const;

/** `local:<folder>`, `tavily`, `exa`, `brave` or `searxng:<base URL>`; anything else is an `InputError` listing the forms. */
export function parseSearchSpec(spec: string): SearchSpec {
  const trimmed = spec.trim();
  const colon = trimmed.indexOf(':');
  const name = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toLowerCase();
  const rest = colon < 0 ? '' : trimmed.slice(colon + 1).trim();
  if (name === 'local') {
    if (rest === '') throw specError(spec, 'local needs a folder: local:<folder>');
    return { provider: 'local', folder: rest };
  }
  if (name === 'tavily' || name === 'exa' || name === 'brave') {
    if (rest !== '')
      throw specError(spec, `${name} takes nothing after its name (its key comes from ${KEY_VARIABLES[name]})`);
    return { provider: name };
  }
  if (name === 'searxng') {
    if (!/^https?:\/\/[^/\s]/i.test(rest))
      throw specError(spec, 'searxng needs its base URL: searxng:http://host:8080');
    const url = new URL(rest);
    if (url.username !== '' || url.password !== '') {
      throw specError(
        `searxng:${url.protocol}//${url.host}`,
        'the URL carries user:password@; remove it, so it is never stored or printed',
      );
    }
    return { provider: 'searxng', baseURL: rest.replace(/\/+$/, '') };
  }
  throw specError(spec, `unknown search provider "${name}"`);
}

/** The variable each keyed provider reads its key from. */
export const KEY_VARIABLES = { tavily: 'TAVILY_API_KEY', exa: 'EXA_API_KEY', brave: 'BRAVE_API_KEY' } as const;

export interface CreateSearchProviderOptions {
  /** Where keys are read (the CLI passes `process.env`); `apiKey` wins. */
  env?: Env;
  apiKey?: string;
  /** The fetch cache of web providers (documents and search replies); required for them. */
  cacheDir?: string;
  /** Only the cache, never the network; a missing URL or search is a `not_cached` error naming it. */
  offline?: boolean;
  /** `prefer` (default), `refresh` (fetch again, as an audit does) or `only` (what `offline` sets). */
  mode?: CacheMode;
  /** Another endpoint for a web provider (a proxy, a test server). */
  baseURL?: string;
  /** A `local:` folder is resolved against it; default the working directory. */
  baseDir?: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** The search provider a spec names, ready to use. */
export async function createSearchProvider(
  spec: string,
  options: CreateSearchProviderOptions = {},
): Promise<SearchProvider> {
  const parsed = parseSearchSpec(spec);
  if (parsed.provider === 'local') {
    return openLocalSearch({
      folder: resolve(options.baseDir ?? '.', parsed.folder),
      spec: spec.trim(),
      ...(options.now && { now: options.now }),
    });
  }
  if (options.cacheDir === undefined) {
    throw new SearchError(`${parsed.provider}: no fetch cache folder was given (cacheDir)`, {
      kind: 'config',
      provider: parsed.provider,
    });
  }
  const web = {
    ...(options.env && { env: options.env }),
    ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  };
  const backend: WebSearchBackend =
    parsed.provider === 'searxng'
      ? searxngBackend({ ...web, baseURL: options.baseURL ?? parsed.baseURL })
      : { tavily: tavilyBackend, exa: exaBackend, brave: braveBackend }[parsed.provider]({
          ...web,
          ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
        });
  return createWebSearchProvider({
    backend,
    spec: spec.trim(),
    cache: openDiskCache(options.cacheDir),
    mode: options.offline ? 'only' : (options.mode ?? 'prefer'),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.now && { now: options.now }),
  });
}

function specError(spec: string, problem: string): InputError {
  return new InputError({
    rule: 'search-spec',
    path: 'search',
    message: `search spec "${spec}": ${problem}. Valid forms: ${SEARCH_SPEC_FORMS.join(', ')}`,
  });
}

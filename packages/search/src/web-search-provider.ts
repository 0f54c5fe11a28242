import type { SearchProvider } from '@gamut/core';
import type { WebSearchBackend } from './adapters/web-backend.js';
import type { DiskCache } from './cache/disk-cache.js';
import { type CacheMode, createDocumentFetcher } from './cache/document-fetcher.js';
import { SearchError } from './search-error.js';

export interface WebSearchProviderOptions {
  backend: WebSearchBackend;
  /** The spec it was made from, without a key: the cache key of its searches and what a manifest records. */
  spec: string;
  cache: DiskCache;
  /** Default `prefer`; `only` is `--offline`. */
  mode?: CacheMode;
  timeoutMs?: number;
  now?: () => Date;
}

/** A web search API behind the port: searches and documents both go through the disk cache. */
export function createWebSearchProvider(options: WebSearchProviderOptions): SearchProvider {
  const mode = options.mode ?? 'prefer';
  const now = options.now ?? (() => new Date());
  const documents = createDocumentFetcher({
    cache: options.cache,
    mode,
    now,
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  });
  return {
    specificationVersion: 'search-v1',
    provider: options.backend.provider,
    spec: options.spec,
    async search(query, searchOptions = {}) {
      const key = { spec: options.spec, query, limit: searchOptions.limit ?? 10 };
      if (mode !== 'refresh') {
        const cached = await options.cache.searchResults(key);
        if (cached) return cached;
        if (mode === 'only') {
          throw new SearchError(
            `offline: the ${options.spec} search "${query}" (limit ${key.limit}) is not in the cache (${options.cache.dir}); run once without --offline`,
            { kind: 'not_cached', provider: options.backend.provider },
          );
        }
      }
      const results = await options.backend.search(query, key.limit, searchOptions.signal);
      await options.cache.putSearchResults(key, results, now().toISOString());
      return results;
    },
    fetch: (url, fetchOptions) => documents.fetch(url, fetchOptions),
  };
}

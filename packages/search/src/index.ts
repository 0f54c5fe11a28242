// The public API of @gamut/search, by name (test/exports.test.ts keeps it documented in docs/api.md).

export { braveBackend } from './adapters/brave.js';
export { exaBackend } from './adapters/exa.js';
export { searxngBackend } from './adapters/searxng.js';
export { tavilyBackend } from './adapters/tavily.js';
export type { Env, WebBackendOptions, WebSearchBackend } from './adapters/web-backend.js';
export { type DiskCache, openDiskCache, type SearchKey } from './cache/disk-cache.js';
export {
  type CacheMode,
  createDocumentFetcher,
  type DocumentFetcher,
  type DocumentFetcherOptions,
} from './cache/document-fetcher.js';
export { type LocalSearchOptions, openLocalSearch } from './local/local-search.js';
export { SearchError, type SearchErrorKind, type SearchErrorOptions } from './search-error.js';
export {
  type CreateSearchProviderOptions,
  createSearchProvider,
  KEY_VARIABLES,
  parseSearchSpec,
  SEARCH_SPEC_FORMS,
  type SearchSpec,
} from './search-spec.js';
export { locateText, type TextMatch } from './snippets/locate-text.js';
export { auditSnippet, auditSnippetSource, extractSnippet, type SnippetExtraction } from './snippets/snippets.js';
export { htmlText } from './text/html-text.js';
export { createWebSearchProvider, type WebSearchProviderOptions } from './web-search-provider.js';
export { type RetryOptions, withRetries } from './with-retries.js';

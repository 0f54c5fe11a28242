import type { SearchResult } from '@gamut/core';
import type { z } from 'zod';
import { requestJson } from '../http/request-json.js';
import { SearchError } from '../search-error.js';

export type Env = Record<string, string | undefined>;

/** What every web adapter is given: its key (or the environment to read it from), where it is, how long to wait. */
export interface WebBackendOptions {
  /** The key itself; wins over `env`. */
  apiKey?: string;
  /** Where the key variable is read, when a call is first made (the CLI passes `process.env`). */
  env?: Env;
  /** Another endpoint than the provider's own (a proxy, or a test server). */
  baseURL?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
}

/** One web search API: the query in, results in the port's shape out. */
export interface WebSearchBackend {
  readonly provider: string;
  search(query: string, limit: number, signal?: AbortSignal): Promise<SearchResult[]>;
}

/** The key from the option or the variable, read when first needed so a spec can be checked without one. */
export function keyReader(provider: string, variable: string, options: WebBackendOptions): () => string {
  return () => {
    const key = options.apiKey?.trim() || options.env?.[variable]?.trim();
    if (key) return key;
    const given = options.env === undefined ? ' (no env was passed: pass { env: process.env } or { apiKey })' : '';
    throw new SearchError(`${provider}: no API key: set the environment variable ${variable}${given}`, {
      kind: 'config',
      provider,
    });
  };
}

/** Plain text of a provider's excerpt: highlight tags (`<strong>`) and entities as search APIs send them, removed. */
export function plainExcerpt(text: string): string {
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** One result as an adapter reads it from its reply; rank is given by order. */
export type RawResult = Omit<SearchResult, 'rank'>;

/** A web search API by its wire format: how a request is made and how its reply reads. */
export interface BackendDefinition<T> {
  provider: string;
  /** The variable holding its key; none for a backend that needs no key (SearXNG). */
  keyVariable?: string;
  defaultBaseURL?: string;
  request(input: { base: string; query: string; limit: number; key: string | undefined }): {
    url: string;
    method: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: unknown;
  };
  reply: z.ZodType<T>;
  statusHints?: Readonly<Record<number, string>>;
  results(reply: T): RawResult[];
}

/** The adapter of a definition: key read on first use, one request per search, results ranked from 1. */
export function webBackend<T>(def: BackendDefinition<T>, options: WebBackendOptions): WebSearchBackend {
  const key = def.keyVariable === undefined ? () => undefined : keyReader(def.provider, def.keyVariable, options);
  const base = (options.baseURL ?? def.defaultBaseURL ?? '').replace(/\/+$/, '');
  return {
    provider: def.provider,
    async search(query, limit, signal) {
      const apiKey = key();
      const reply = await requestJson({
        provider: def.provider,
        ...def.request({ base, query, limit, key: apiKey }),
        schema: def.reply,
        ...(def.statusHints && { statusHints: def.statusHints }),
        ...(apiKey !== undefined && { key: apiKey }),
        ...(def.keyVariable !== undefined && { keyHint: `check ${def.keyVariable}` }),
        ...(signal && { signal }),
        ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      });
      return def
        .results(reply)
        .slice(0, limit)
        .map((r, i) => ({ ...r, rank: i + 1 }));
    },
  };
}

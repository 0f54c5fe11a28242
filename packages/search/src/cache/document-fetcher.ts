import type { FetchedDocument, FetchOptions } from '@gamut/core';
import { sha256Hex } from '@gamut/core';
import { endpointOf } from '../http/request-json.js';
import { SearchError } from '../search-error.js';
import { documentText, isReadableType, mediaType } from '../text/document-text.js';
import type { DiskCache } from './disk-cache.js';

/**
 * How the cache is used: `prefer` serves a cached copy and fetches only what is missing (re-runs
 * replay what they saw); `refresh` always fetches and stores the new copy (an audit of the live
 * source); `only` never touches the network and names the URL that is missing (`--offline`).
 */
export type CacheMode = 'prefer' | 'refresh' | 'only';

export interface DocumentFetcherOptions {
  cache: DiskCache;
  mode?: CacheMode;
  /** Per document; default 30 s. */
  timeoutMs?: number;
  /** Larger bodies are refused; default 10 MB. */
  maxBytes?: number;
  /** The time stored with each fetch; default the system clock. */
  now?: () => Date;
}

export interface DocumentFetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchedDocument>;
}

/** Fetches http(s) documents through the disk cache, by URL and content hash. */
export function createDocumentFetcher(options: DocumentFetcherOptions): DocumentFetcher {
  const mode = options.mode ?? 'prefer';
  return {
    async fetch(url, fetchOptions = {}) {
      if (mode !== 'refresh') {
        const cached = await options.cache.document(url);
        if (cached) return cached;
        if (mode === 'only') {
          throw new SearchError(
            `offline: ${url} is not in the fetch cache (${options.cache.dir}); run once without --offline to fetch it`,
            { kind: 'not_cached', provider: 'fetch', url },
          );
        }
      }
      const { doc, body } = await fetchDocument(url, options, fetchOptions.signal);
      await options.cache.putDocument(doc, body);
      return doc;
    },
  };
}

async function fetchDocument(
  url: string,
  options: DocumentFetcherOptions,
  signal: AbortSignal | undefined,
): Promise<{ doc: FetchedDocument; body: string }> {
  const fail = (message: string, extra: { kind: SearchError['kind']; status?: number; cause?: unknown }) =>
    new SearchError(`fetch ${endpointOf(url)}: ${message}`, { provider: 'fetch', url, ...extra });
  if (!/^https?:\/\//i.test(url)) throw fail('only http(s) URLs can be fetched', { kind: 'config' });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'text/html,application/xhtml+xml,text/markdown,text/plain;q=0.9,*/*;q=0.1' },
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) throw fail(`no reply within ${timeoutMs / 1000} s`, { kind: 'timeout', cause: e });
    throw fail(`cannot connect (${(e as { cause?: { code?: string } }).cause?.code ?? String(e)})`, {
      kind: 'network',
      cause: e,
    });
  }
  const status = response.status;
  if (status === 404 || status === 410)
    throw fail(`HTTP ${status}: the document is gone`, { kind: 'not_found', status });
  if (status === 429) throw fail('HTTP 429: too many requests; try again later', { kind: 'rate_limit', status });
  if (status >= 500) throw fail(`HTTP ${status}: the server failed; try again later`, { kind: 'server', status });
  if (!response.ok) throw fail(`HTTP ${status}`, { kind: 'http', status });
  const type = mediaType(response.headers.get('content-type')) || 'text/html';
  if (!isReadableType(type)) {
    await response.body?.cancel();
    throw fail(`a ${type} document cannot be read as text (HTML, Markdown and plain text can)`, {
      kind: 'unsupported',
      status,
    });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const maxBytes = options.maxBytes ?? 10_000_000;
  if (bytes.length > maxBytes)
    throw fail(`the document is larger than ${maxBytes} bytes`, { kind: 'unsupported', status });
  const body = decode(bytes, response.headers.get('content-type'));
  const finalUrl = response.url || url;
  const { title, text } = documentText(body, type, new URL(finalUrl).pathname.split('/').pop() || finalUrl);
  const doc: FetchedDocument = {
    url,
    final_url: finalUrl,
    title,
    content_type: type,
    text,
    content_hash: sha256Hex(bytes),
    fetched_at: (options.now ?? (() => new Date()))().toISOString(),
  };
  return { doc, body };
}

/** The body in the charset its header names (Korean sites still serve EUC-KR), UTF-8 otherwise. */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

import { z } from 'zod';
import { Sha256Hex } from '../schema/ids.js';

/**
 * The evidence side of a build: one port for every search backend (a local folder searched
 * with BM25, web search APIs), the documents it fetches and the snippets cited from them.
 * Offsets everywhere are JavaScript string indices (UTF-16 code units) into a fetched
 * document's `text`, so `doc.text.slice(start, end) === snippet.text` for a sound snippet.
 */

/** One result of a search: where it is and the provider's own excerpt of it. */
export const SearchResult = z
  .object({
    url: z.string().min(1).describe('Where the document is: an http(s) URL, or local:<path> for a local folder'),
    title: z.string().describe('The title the provider gives (may be empty)'),
    excerpt: z.string().describe("The provider's excerpt or the best passage; not evidence until fetched"),
    rank: z.number().int().min(1).describe('1 for the best result'),
    score: z.number().nullable().describe("The provider's relevance score, when it gives one"),
    published: z.string().optional().describe('Publication date as the provider gives it'),
  })
  .describe('One search result');
export type SearchResult = z.infer<typeof SearchResult>;

/** A document as fetched: its raw bytes as text, the plain text snippets point into, and their hash. */
export const FetchedDocument = z
  .object({
    url: z.string().min(1).describe('The URL asked for (the cache key)'),
    final_url: z.string().min(1).describe('Where it was found after redirects'),
    title: z.string().describe('From <title>, the first heading, or the file name'),
    content_type: z.string().describe('Media type without parameters: text/html, text/markdown, text/plain'),
    text: z.string().describe('Plain text of the document (HTML without tags); snippet offsets index into it'),
    content_hash: Sha256Hex.describe('SHA-256 of the raw body as fetched'),
    fetched_at: z.string().describe('ISO 8601 time of the fetch'),
  })
  .describe('A fetched document');
export type FetchedDocument = z.infer<typeof FetchedDocument>;

/** Evidence with provenance: exact text at [start, end) of the document whose hash it names. */
export const EvidenceSnippet = z
  .object({
    url: z.string().min(1).describe('The document it was cut from'),
    title: z.string().describe('That document’s title'),
    text: z.string().min(1).describe('The exact text: document.text.slice(start, end)'),
    start: z.number().int().min(0).describe('Offset of the first character (UTF-16 code units)'),
    end: z.number().int().min(0).describe('Offset after the last character'),
    content_hash: Sha256Hex.describe('content_hash of the document it was cut from'),
  })
  .refine((s) => s.end - s.start === s.text.length, {
    message: 'end − start must equal the length of text',
    path: ['end'],
  })
  .describe('A snippet with its provenance');
export type EvidenceSnippet = z.infer<typeof EvidenceSnippet>;

/**
 * What re-fetching a snippet's source found: the text still at its offsets (`intact`; the
 * document may have changed elsewhere), elsewhere in the document (`moved`, with the new
 * offsets), or nowhere (`vanished`, with the reason).
 */
export const SnippetAudit = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('intact'),
    /** False when the document's hash differs though the text is still at its offsets. */
    same_document: z.boolean(),
  }),
  z.object({
    status: z.literal('moved'),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    /** The text found there, which differs from the snippet's only in spacing or case when `exact` is false. */
    text: z.string(),
    exact: z.boolean(),
    content_hash: Sha256Hex,
  }),
  z.object({ status: z.literal('vanished'), reason: z.string().min(1) }),
]);
export type SnippetAudit = z.infer<typeof SnippetAudit>;

export interface SearchOptions {
  /** Most results wanted; default 10. */
  limit?: number;
  signal?: AbortSignal;
}

export interface FetchOptions {
  signal?: AbortSignal;
}

/**
 * A search backend. `search` finds documents; `fetch` returns one by the URL a result named
 * (from disk for `local:`, over HTTP through a cache for web providers). Failures throw a
 * `ProviderError` (an adapter's subclass says which: auth, rate limit, server, malformed reply,
 * network, not cached offline), never with the key in its message.
 */
export interface SearchProvider {
  readonly specificationVersion: 'search-v1';
  /** `local`, `tavily`, `exa`, `brave`, `searxng`. */
  readonly provider: string;
  /** The spec it was made from, without any key: what a build's manifest records. */
  readonly spec: string;
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
  fetch(url: string, options?: FetchOptions): Promise<FetchedDocument>;
}

import type { FetchedDocument, SearchProvider, SearchResult } from '@gamut/core';
import { indexTerms } from '@gamut/core';
import MiniSearch from 'minisearch';
import { type LocalDocument, readLocalDocument, readLocalFolder } from './local-folder.js';
import { passagesOf } from './passages.js';

export interface LocalSearchOptions {
  /** The folder of .md, .txt and .html documents (searched recursively). */
  folder: string;
  /** The spec to record; default `local:<folder>`. */
  spec?: string;
  /** The time stored as each document's `fetched_at`; default the system clock. */
  now?: () => Date;
}

interface Passage {
  id: number;
  url: string;
  title: string;
  text: string;
}

/**
 * A folder of documents behind the search port, for offline builds and teams with their own
 * corpus: BM25 (MiniSearch) over passages of every document, analysed with core's
 * `indexTerms` (Korean as overlapping bigrams, English stemmed), the best passage of each
 * document as its excerpt. A document's URL is `local:<path inside the folder>`; `fetch` reads it
 * from disk again, so an audit sees the file as it is now.
 */
export async function openLocalSearch(options: LocalSearchOptions): Promise<SearchProvider> {
  const now = options.now ?? (() => new Date());
  const docs = await readLocalFolder(options.folder);
  const passages: Passage[] = [];
  for (const doc of docs) {
    for (const p of passagesOf(doc.text)) {
      passages.push({ id: passages.length, url: doc.url, title: doc.title, text: doc.text.slice(p.start, p.end) });
    }
  }
  const index = new MiniSearch<Passage>({
    fields: ['title', 'text'],
    storeFields: [],
    tokenize: (text) => indexTerms(text),
    processTerm: (term) => term,
    searchOptions: { boost: { title: 1.5 }, combineWith: 'OR' },
  });
  index.addAll(passages);
  const spec = options.spec ?? `local:${options.folder}`;

  return {
    specificationVersion: 'search-v1',
    provider: 'local',
    spec,
    async search(query, searchOptions = {}) {
      const limit = searchOptions.limit ?? 10;
      const results: SearchResult[] = [];
      const seen = new Set<string>();
      // Hits come best first; the first passage of a document is its best.
      for (const hit of index.search(query)) {
        const p = passages[hit.id as number] as Passage;
        if (seen.has(p.url)) continue;
        seen.add(p.url);
        results.push({ url: p.url, title: p.title, excerpt: p.text, rank: results.length + 1, score: hit.score });
        if (results.length >= limit) break;
      }
      return results;
    },
    async fetch(url) {
      const doc = await readLocalDocument(options.folder, url);
      return fetched(doc, now());
    },
  };
}

function fetched(doc: LocalDocument, at: Date): FetchedDocument {
  return {
    url: doc.url,
    final_url: doc.url,
    title: doc.title,
    content_type: doc.contentType,
    text: doc.text,
    content_hash: doc.contentHash,
    fetched_at: at.toISOString(),
  };
}

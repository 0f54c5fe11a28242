import type { WikiPage } from '@gamut/core';
import { indexTerms, questionKeys } from '@gamut/core';
import MiniSearch from 'minisearch';
import { pageText } from './page-text.js';
import type { WikiSnapshot } from './snapshot.js';
import type { PageText } from './text-builder.js';

/** A retrievable piece of one current page: consecutive blocks under one heading. */
export interface WikiChunk {
  /** `<page_id>#block-<first>-<last>` (1-based blocks of the page text). */
  readonly id: string;
  readonly page_id: string;
  readonly version: number;
  readonly title: string;
  readonly heading: string;
  readonly text: string;
  /** Sentences of the chunk, as text (markers and table pipes kept). */
  readonly sentences: readonly string[];
}

export interface SearchHit {
  readonly chunk: WikiChunk;
  readonly rank: number;
  readonly score: number;
}

export interface IndexOptions {
  /** Soft limit on a chunk's length in characters; a chunk also ends at every heading. */
  readonly chunkChars?: number;
}

/** Splits a page's text view into chunks of whole blocks, starting a new one at each heading. */
export function chunkPage(page: WikiPage, text: PageText, opts: IndexOptions = {}): WikiChunk[] {
  const limit = opts.chunkChars ?? 700;
  const out: WikiChunk[] = [];
  let first = -1;
  let last = -1;
  const emit = () => {
    if (first < 0) return;
    const a = text.blocks[first];
    const b = text.blocks[last];
    if (!a || !b) return;
    const sentences = chunkSentences(text, first, last);
    const headingBlock = a.kind === 'heading' ? text.text.slice(a.start, a.end) : '';
    out.push({
      id: `${page.page_id}#block-${first + 1}-${last + 1}`,
      page_id: page.page_id,
      version: page.version,
      title: page.title,
      heading: [...a.path, headingBlock].filter(Boolean).join(' > '),
      text: text.text.slice(a.start, b.end),
      sentences,
    });
    first = -1;
  };
  let hasBody = false;
  text.blocks.forEach((b, i) => {
    // A heading starts a chunk unless the chunk so far is only headings (a page title over a section).
    if (first >= 0 && hasBody && (b.kind === 'heading' || b.end - (text.blocks[first]?.start ?? 0) > limit)) {
      emit();
      hasBody = false;
    }
    if (first < 0) first = i;
    last = i;
    if (b.kind !== 'heading') hasBody = true;
  });
  emit();
  return out;
}

/**
 * The sentences of blocks first..last. A table row of a table with a header
 * row reads as "header: cell; …" (the text view already names each cell's
 * column), so that an extracted row still says what its cells are; header
 * rows themselves are no sentence.
 */
function chunkSentences(text: PageText, first: number, last: number): string[] {
  const out: string[] = [];
  let headed = false;
  for (let i = 0; i <= last; i++) {
    const b = text.blocks[i];
    if (!b) continue;
    if (b.kind !== 'table_row') headed = false;
    // Headings name the topic (they are indexed with the chunk) but answer nothing.
    if (b.kind === 'heading') continue;
    else if (b.header) headed = true;
    if (i < first || (b.kind === 'table_row' && b.header)) continue;
    if (b.kind === 'table_row') {
      out.push(
        text.text
          .slice(b.start, b.end)
          .split(' | ')
          .join(headed ? '; ' : ', '),
      );
      continue;
    }
    for (const s of text.sentences) if (s.block === i) out.push(text.text.slice(s.start, s.end));
  }
  return out;
}

/**
 * BM25 over the current pages of a snapshot (archived pages and old versions are
 * never evidence, so they are not indexed), with core's index terms (`indexTerms`).
 */
export class WikiIndex {
  readonly chunks: WikiChunk[] = [];
  private readonly search: MiniSearch<{ id: number; title: string; heading: string; text: string }>;
  /** Document frequency per term, with the last chunk counted so a chunk counts once. */
  private readonly df = new Map<string, { n: number; last: number }>();

  private count(term: string, chunk: number): void {
    const e = this.df.get(term);
    if (!e) this.df.set(term, { n: 1, last: chunk });
    else if (e.last !== chunk) {
      e.n++;
      e.last = chunk;
    }
  }

  /** Tokens of the document being added, so each field is analysed once for BM25 and df together. */
  private pending: Record<string, string[]> | undefined;

  private constructor() {
    this.search = new MiniSearch({
      fields: ['title', 'heading', 'text'],
      tokenize: (text, field) => (field !== undefined && this.pending?.[field]) || indexTerms(text),
      processTerm: (t) => t,
      searchOptions: { boost: { title: 1.5, heading: 1.2 }, combineWith: 'OR' },
    });
  }

  static build(snapshot: WikiSnapshot, opts: IndexOptions = {}): WikiIndex {
    const index = new WikiIndex();
    for (const page of snapshot.current.values()) {
      for (const chunk of chunkPage(page, pageText(page), opts)) {
        const id = index.chunks.length;
        index.chunks.push(chunk);
        const tokens = {
          title: indexTerms(chunk.title),
          heading: indexTerms(chunk.heading),
          text: indexTerms(chunk.text),
        };
        for (const list of [tokens.title, tokens.heading, tokens.text]) for (const t of list) index.count(t, id);
        index.pending = tokens;
        index.search.add({ id, title: chunk.title, heading: chunk.heading, text: chunk.text });
        index.pending = undefined;
      }
    }
    return index;
  }

  /** The top `k` chunks for a query, best first (rank 1). */
  query(question: string, k: number): SearchHit[] {
    return this.search
      .search(question)
      .slice(0, k)
      .map((r, i) => ({ chunk: this.chunks[r.id as number] as WikiChunk, rank: i + 1, score: r.score }));
  }

  /** Inverse document frequency of an analysed term (a term no chunk has gets the highest weight). */
  idf(term: string): number {
    const n = this.chunks.length;
    const df = this.df.get(term)?.n ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * How much of the question a text covers, in [0, 1]: the IDF-weighted share of
   * the question's topic words (`questionKeys`) that occur in it. Unlike a raw BM25 score it
   * is comparable across questions, so it can serve as an abstention threshold.
   */
  coverage(question: string, text: string): number {
    const q = questionKeys(question);
    if (!q.length) return 0;
    const t = new Set(indexTerms(text));
    let total = 0;
    let hit = 0;
    for (const term of q) {
      const w = this.idf(term);
      total += w;
      if (t.has(term)) hit += w;
    }
    return total > 0 ? hit / total : 0;
  }
}

import { indexTerms } from '../text/index-terms.js';
import { splitSentences } from '../text/sentences.js';

/**
 * Lexical tokens for overlap: the index terms that BM25 uses (`indexTerms`), so that the
 * support judge and retrieval agree on what a word is.
 */
export function lexicalTokens(text: string): string[] {
  return indexTerms(text);
}

/** Share of the query's distinct tokens that the text also has (0 when the query has none). */
export function tokenRecall(query: readonly string[], text: ReadonlySet<string>): number {
  const q = new Set(query);
  if (q.size === 0) return 0;
  let hit = 0;
  for (const t of q) if (text.has(t)) hit++;
  return hit / q.size;
}

export interface Passage {
  readonly text: string;
  /** Human-readable place in the page, e.g. `sentences 4-6`. */
  readonly location: string;
  readonly score: number;
}

/** A sentence or a table row of a page's text view, as offsets into that text. */
export interface TextUnit {
  readonly start: number;
  readonly end: number;
  /** A table row: always a passage of its own, so that a claim is judged against one row. */
  readonly row?: boolean;
}

/**
 * Choose the part of a page that best matches a claim: a window of
 * consecutive sentences scored by token overlap, so the support judge reads
 * only the relevant part (SPEC §7). With `units` (the text view's sentences
 * and table rows) the sentence numbers are the view's, and a table row is
 * never joined to its neighbours: a flattened table would let "staging 1"
 * support a claim about production.
 */
export function selectPassages(
  body: string,
  claim: string,
  opts: { window?: number; count?: number; units?: readonly TextUnit[] } = {},
): Passage[] {
  const window = opts.window ?? 3;
  const count = opts.count ?? 1;
  const units = opts.units?.map((u) => ({ text: body.slice(u.start, u.end), row: u.row === true }));
  const sentences = units ?? splitSentences(body).map((text) => ({ text, row: false }));
  if (sentences.length === 0) return [];
  const query = lexicalTokens(claim);
  const sets = sentences.map((s) => lexicalTokens(s.text));
  const scored: Passage[] = [];
  // Runs of sentences between table rows; each row is a run of one.
  const runs: Array<[number, number]> = [];
  sentences.forEach((s, i) => {
    const last = runs.at(-1);
    if (!s.row && last && !sentences[last[1] - 1]?.row && last[1] === i) last[1] = i + 1;
    else runs.push([i, i + 1]);
  });
  for (const [from, to] of runs) {
    const width = Math.min(window, to - from);
    for (let i = from; i + width <= to; i++) {
      const tokens = new Set(sets.slice(i, i + width).flat());
      scored.push({
        text: sentences
          .slice(i, i + width)
          .map((s) => s.text)
          .join(' '),
        location: width === 1 ? `sentence ${i + 1}` : `sentences ${i + 1}-${i + width}`,
        score: tokenRecall(query, tokens),
      });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const out: Passage[] = [];
  for (const p of scored) {
    if (out.length >= count) break;
    if (!out.some((o) => o.location === p.location)) out.push(p);
  }
  return out;
}

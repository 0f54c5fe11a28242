import { splitSentences } from './inline-citations.js';

const EN_STOP = new Set(
  'a an the of to in on at for and or is are was were be been by with as it its this that these those from our we you your they their will shall must should can may do does not no yes if then than which who what when where how'.split(
    ' ',
  ),
);
const HANGUL = /\p{Script=Hangul}/u;

/**
 * Lexical tokens for overlap: NFKC, lower case; Latin/number words whole
 * (stop words dropped), Hangul runs as overlapping bigrams so that particles
 * and endings ("담당자를", "호출합니다") still share most tokens with their stems.
 */
export function lexicalTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    if (HANGUL.test(word)) {
      const chars = [...word];
      if (chars.length === 1) out.push(word);
      for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    } else if (!EN_STOP.has(word)) out.push(word);
  }
  return out;
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

/**
 * Choose the part of a page that best matches a claim: a window of
 * consecutive sentences scored by token overlap, so the support judge reads
 * only the relevant part (SPEC §7).
 */
export function selectPassages(body: string, claim: string, opts: { window?: number; count?: number } = {}): Passage[] {
  const window = opts.window ?? 3;
  const count = opts.count ?? 1;
  const sentences = splitSentences(body);
  if (sentences.length === 0) return [];
  const query = lexicalTokens(claim);
  const sets = sentences.map((s) => lexicalTokens(s));
  const scored: Passage[] = [];
  const width = Math.min(window, sentences.length);
  for (let i = 0; i + width <= sentences.length; i++) {
    const tokens = new Set(sets.slice(i, i + width).flat());
    scored.push({
      text: sentences.slice(i, i + width).join(' '),
      location: width === 1 ? `sentence ${i + 1}` : `sentences ${i + 1}-${i + width}`,
      score: tokenRecall(query, tokens),
    });
  }
  scored.sort((a, b) => b.score - a.score);
  const out: Passage[] = [];
  for (const p of scored) {
    if (out.length >= count) break;
    if (!out.some((o) => o.location === p.location)) out.push(p);
  }
  return out;
}

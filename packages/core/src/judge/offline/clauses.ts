/**
 * Clauses within a sentence: a negation belongs to its clause, so "the main royal palace, although
 * it no longer serves as a residence" states the palace in one clause and denies the residence in
 * another, and 허리를 숙여 인사하며, 인사 없이 … 않습니다 bows before it denies anything.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';

/** Words that open a clause of contrast or concession. */
const EN_OPENS = new Set(['but', 'although', 'though', 'while', 'whereas', 'however', 'yet', 'except']);
/** Korean endings that close a clause of contrast or condition: 크지만, 있는데, 화서문인데, 했으나, 쓰면. */
const KO_CLOSES =
  /(?:지만|는데|은데|인데|으나|었으나|았으나|했으나|지마는|면|면서도|았으며|었으며|였으며|했으며|않으며)$/u;
/** A Korean condition: 쓰면, 넣는다면, 아니라면 (not 측면, 이면: nouns). */
const KO_IF = /[^측이]\p{Script=Hangul}*(?:으면|다면|라면|면)$/u;
const EN_IF = new Set(['if', 'unless', 'whether', 'suppose', 'supposing']);
/** Punctuation between two words that ends a clause (not a comma: lists are written with commas). */
const BREAK = /[;:\u2013\u2014]/;

/** Every check of an answer asks for its clauses: computed once per analysed text. */
const cache = new WeakMap<AnalyzedText, readonly number[]>();

/** A clause number for every token: it grows at each clause break, and across sentences. */
export function clauseIds(text: AnalyzedText): readonly number[] {
  const known = cache.get(text);
  if (known) return known;
  const out: number[] = [];
  let id = 0;
  for (const [i, t] of text.tokens.entries()) {
    const prev = text.tokens[i - 1];
    if (prev) {
      const gap = text.norm.text.slice(prev.end, t.start);
      if (
        prev.sentence !== t.sentence ||
        BREAK.test(gap) ||
        (!t.hangul && EN_OPENS.has(t.text)) ||
        (prev.hangul && KO_CLOSES.test(prev.text)) ||
        // 참기름을 두르고, 들기름은 쓰지 않는다 (기합을 넣으며, 아무 때나 넣지 않는다): -고 and -며
        // before a comma join two clauses.
        (prev.hangul && /[고며]$/u.test(prev.text) && gap.includes(','))
      )
        id++;
    }
    out.push(id);
  }
  cache.set(text, out);
  return out;
}

/** Clauses that suppose rather than state: "if you use radish instead", 무를 쓰면. */
const conditionals = new WeakMap<AnalyzedText, ReadonlySet<number>>();

export function conditionalClauses(text: AnalyzedText, clause: readonly number[]): ReadonlySet<number> {
  const known = conditionals.get(text);
  if (known) return known;
  const out = new Set<number>();
  for (const [i, t] of text.tokens.entries()) {
    if ((!t.hangul && EN_IF.has(t.text)) || (t.hangul && t.text.length >= 2 && KO_IF.test(t.text))) {
      const c = clause[i];
      if (c !== undefined) out.add(c);
    }
  }
  conditionals.set(text, out);
  return out;
}

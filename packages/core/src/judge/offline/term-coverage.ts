import { type AnalyzedText, analyzeText } from '../../text/analyze-text.js';
import { extractTerms, findTerm, type Term } from './find-term.js';

/** Thresholds of the lexical baseline; the defaults were set before looking at any human label. */
export interface OfflineJudgeOptions {
  /** Weighted share of a check's key terms the answer must contain for `meets`. Default 0.75. */
  meets?: number;
  /** … and for `partially_meets`. Default 0.4. */
  partial?: number;
  /** Share of an option's terms needed to count the option as mentioned (threshold/coverage). Default 0.67. */
  option?: number;
  /** Share of a step's terms needed to count the step as present (sequences). Default 0.5. */
  step?: number;
  /** Weight of a term that the question itself contains (it names the subject, not the information). Default 0.1. */
  questionTermWeight?: number;
  /** How many tokens away from a key term a negation still counts. Default 3. */
  negationWindow?: number;
  /** Relative gap under which a hedged value (`about 30`) is close rather than conflicting. Default 0.1. */
  approxTolerance?: number;
}

export type ResolvedOptions = Required<OfflineJudgeOptions>;

export const DEFAULT_OFFLINE_OPTIONS: ResolvedOptions = {
  meets: 0.75,
  partial: 0.4,
  option: 0.67,
  step: 0.5,
  questionTermWeight: 0.1,
  negationWindow: 3,
  approxTolerance: 0.1,
};

export interface TermHit {
  term: Term;
  weight: number;
  positions: number[];
}

export interface Coverage {
  hits: TermHit[];
  /** Weighted share of terms found, in [0, 1]; 1 when there are no terms. */
  share: number;
  found: Term[];
  missing: Term[];
}

/** Texts of checks repeat across answers: analyse each once. */
const analysisCache = new Map<string, AnalyzedText>();

export function analyzeCached(text: string): AnalyzedText {
  let a = analysisCache.get(text);
  if (!a) {
    if (analysisCache.size > 5000) analysisCache.clear();
    a = analyzeText(text);
    analysisCache.set(text, a);
  }
  return a;
}

export function termsOf(text: string): Term[] {
  return extractTerms(analyzeCached(text));
}

/** `whole`: the terms name entities (list members, options, what an answer identifies): see `findTerm`. */
export function coverage(
  terms: readonly Term[],
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
  opts: ResolvedOptions,
  whole = false,
): Coverage {
  const hits = terms.map((term) => ({
    term,
    weight: term.optional ? 0 : term.forms.some((f) => questionKeys.has(f)) ? opts.questionTermWeight : 1,
    positions: findTerm(term, answer, whole),
  }));
  return summarise(hits);
}

/**
 * The coverage with some missing terms found after all, at the given answer positions: a
 * synonym of the check's predicate next to the check's value names what the term names.
 */
export function creditTerms(cov: Coverage, credited: ReadonlyMap<string, readonly number[]>): Coverage {
  const hits = cov.hits.map((h) => {
    const at = h.positions.length ? undefined : credited.get(h.term.key);
    return at ? { ...h, positions: [...at] } : h;
  });
  return summarise(hits);
}

function summarise(hits: TermHit[]): Coverage {
  const total = hits.reduce((s, h) => s + h.weight, 0);
  const got = hits.reduce((s, h) => s + (h.positions.length ? h.weight : 0), 0);
  return {
    hits,
    // Only optional terms (all in parentheses): finding one of them is all there is to find.
    share: total > 0 ? got / total : hits.length === 0 || hits.some((h) => h.positions.length) ? 1 : 0,
    found: hits.filter((h) => h.positions.length).map((h) => h.term),
    missing: hits.filter((h) => !h.positions.length && !h.term.optional).map((h) => h.term),
  };
}

export function questionKeysOf(question: string | undefined): Set<string> {
  const keys = new Set<string>();
  if (!question) return keys;
  for (const tok of analyzeCached(question).tokens) for (const f of tok.forms) keys.add(f);
  return keys;
}

export const quoteList = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ');

/** The answer sentence (as written) that holds most of the found terms, for the verdict's quote. */
export function bestSentence(
  hits: readonly TermHit[],
  answer: AnalyzedText,
): { sentence: number; text: string } | null {
  const score = new Map<number, number>();
  for (const h of hits) {
    const sentences = new Set(h.positions.map((p) => answer.tokens[p]?.sentence ?? 0));
    for (const s of sentences) score.set(s, (score.get(s) ?? 0) + h.weight);
  }
  let best: number | null = null;
  for (const [s, v] of score) if (best === null || v > (score.get(best) ?? 0)) best = s;
  if (best === null) return null;
  const span = answer.sentences[best];
  if (!span) return null;
  const text = answer.original.slice(span.start, span.end).trim();
  return { sentence: best, text: text.length > 240 ? `${text.slice(0, 237)}...` : text };
}

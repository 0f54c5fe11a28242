import { EN_NEGATIONS, EN_STOP_WORDS, stemEnglish } from './english.js';
import {
  hangulBigrams,
  isKoreanNegation,
  KO_STOP_WORDS,
  koreanForms,
  koreanTokenKeys,
  koreanVerbKey,
} from './korean.js';
import { HANGUL, type NormalizedText, normalizeWithOffsets } from './normalize.js';
import { type LocatedQuantity, locateQuantities } from './quantities.js';

export interface Token {
  /** Normalised surface text. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly index: number;
  readonly sentence: number;
  /** Match keys: the English stem, or the Korean token and its particle-stripped forms. */
  readonly forms: readonly string[];
  readonly hangul: boolean;
  readonly stop: boolean;
  readonly negation: boolean;
  /** Part of a number, date or unit: values are compared as quantities, not as words. */
  readonly inQuantity: boolean;
  /** Inside parentheses: in a check, an elaboration or alternative rather than what it requires. */
  readonly paren: boolean;
}

/** A text analysed once and matched against many checks (an answer is judged on every check of its rubric). */
export interface AnalyzedText {
  readonly original: string;
  readonly norm: NormalizedText;
  readonly tokens: readonly Token[];
  readonly quantities: readonly LocatedQuantity[];
  /** Sentence spans in the original text, by sentence number. */
  readonly sentences: ReadonlyArray<{ start: number; end: number }>;
  readonly formIndex: ReadonlyMap<string, readonly number[]>;
  readonly bigrams: ReadonlySet<string>;
}

const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;
// A full stop ends a sentence only before a space or the end, so 2.3 and 1.5 stay whole.
const SENTENCE_END = /(?:[.!?。;]+(?=\s|$)|\n)\s*/g;

function formsOf(tok: string, hangul: boolean): string[] {
  if (hangul) return koreanForms(tok);
  if (/^[a-z'-]+$/.test(tok)) return [stemEnglish(tok)];
  return [tok];
}

/** Parenthesis depth at each position of the text. */
function parenDepths(t: string): number[] {
  const out: number[] = [];
  let d = 0;
  for (const ch of t) {
    if (ch === '(' || ch === '[') d++;
    out.push(d);
    if ((ch === ')' || ch === ']') && d > 0) d--;
  }
  return out;
}

export function analyzeText(original: string): AnalyzedText {
  const norm = normalizeWithOffsets(original);
  const t = norm.text;
  const quantities = locateQuantities(norm, original);
  const ends: number[] = [];
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(t); m; m = SENTENCE_END.exec(t)) ends.push(m.index + m[0].length);
  // Tokens come in text order, so the sentence counter only moves forward.
  let sentenceCursor = 0;
  const sentenceOf = (pos: number) => {
    while (sentenceCursor < ends.length && (ends[sentenceCursor] ?? 0) <= pos) sentenceCursor++;
    return sentenceCursor;
  };
  const toOriginal = (i: number) => norm.offsets[Math.min(i, norm.offsets.length - 1)] ?? original.length;
  const bounds = [0, ...ends, t.length];
  const sentences = bounds
    .slice(0, -1)
    .map((s, i) => ({ start: toOriginal(s), end: toOriginal(bounds[i + 1] ?? t.length) }));

  const tokens: Token[] = [];
  const formIndex = new Map<string, number[]>();
  const bigrams = new Set<string>();
  const depth = parenDepths(t);
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(t); m; m = TOKEN.exec(t)) {
    const text = m[0];
    const start = m.index;
    const end = start + text.length;
    const hangul = HANGUL.test(text);
    const forms = formsOf(text, hangul);
    const token: Token = {
      text,
      start,
      end,
      index: tokens.length,
      sentence: sentenceOf(start),
      forms,
      hangul,
      stop: forms.some((f) => (hangul ? KO_STOP_WORDS.has(f) : EN_STOP_WORDS.has(f) || EN_STOP_WORDS.has(text))),
      negation: hangul ? isKoreanNegation(text) : EN_NEGATIONS.has(text) || text.endsWith("n't"),
      inQuantity: quantities.some((q) => start < q.normEnd && end > q.normStart),
      paren: (depth[start] ?? 0) > 0,
    };
    tokens.push(token);
    for (const f of new Set(forms)) {
      const list = formIndex.get(f);
      if (list) list.push(token.index);
      else formIndex.set(f, [token.index]);
    }
    if (hangul) for (const b of hangulBigrams(text)) bigrams.add(b);
  }
  return { original, norm, tokens, quantities, sentences, formIndex, bigrams };
}

/** A key term of a check: a content word that the answer has to contain. */
export interface Term {
  /** Match key (English stem or shortest Korean form). */
  readonly key: string;
  readonly forms: readonly string[];
  /** As written in the check, for rationales. */
  readonly display: string;
  readonly hangul: boolean;
  /** Written in parentheses: found ones are reported, missing ones do not count against the answer. */
  readonly optional: boolean;
  /** Loose key for a Korean plain-form verb (절인다 ~ 절여), see `koreanVerbKey`. */
  readonly verbKey: string | null;
}

/** Content words of a check text: no stop words, no negations, no numbers or units (those are values). */
export function extractTerms(text: AnalyzedText): Term[] {
  const seen = new Set<string>();
  const out: Term[] = [];
  // When everything is in parentheses, nothing is optional.
  const someOutside = text.tokens.some((t) => !t.paren && !t.stop && !t.inQuantity);
  for (const tok of text.tokens) {
    if (tok.stop || tok.negation || tok.inQuantity) continue;
    if (!tok.hangul && tok.text.length < 2) continue;
    const key = tok.forms[tok.forms.length - 1] ?? tok.text;
    if (seen.has(key) || (tok.hangul ? KO_STOP_WORDS.has(key) : EN_STOP_WORDS.has(key))) continue;
    seen.add(key);
    out.push({
      key,
      forms: tok.forms,
      display: tok.hangul ? key : tok.text,
      hangul: tok.hangul,
      optional: someOutside && tok.paren,
      verbKey: tok.hangul ? koreanVerbKey(tok.text) : null,
    });
  }
  return out;
}

/** Where a term occurs in an answer (token indices, in order); empty when it does not. */
export function findTerm(term: Term, answer: AnalyzedText): number[] {
  const hits = new Set<number>();
  for (const f of term.forms) for (const i of answer.formIndex.get(f) ?? []) hits.add(i);
  if (term.hangul && hits.size === 0 && term.key.length >= 2) {
    // Compounds: 공지 inside 고객공지를.
    for (const tok of answer.tokens) if (tok.hangul && tok.text.includes(term.key)) hits.add(tok.index);
    if (hits.size === 0 && term.key.length >= 3) {
      // Split compounds: 고객공지 in 고객에게 공지: all but one bigram present, and at least two.
      const grams = hangulBigrams(term.key);
      const present = grams.filter((g) => answer.bigrams.has(g));
      if (present.length >= 2 && present.length >= grams.length - 1) {
        for (const tok of answer.tokens)
          if (tok.hangul && present.some((g) => tok.text.includes(g))) hits.add(tok.index);
      }
    }
  }
  if (term.verbKey && hits.size === 0) {
    for (const tok of answer.tokens)
      if (tok.hangul && koreanTokenKeys(tok.text).includes(term.verbKey)) hits.add(tok.index);
  }
  return [...hits].sort((a, b) => a - b);
}

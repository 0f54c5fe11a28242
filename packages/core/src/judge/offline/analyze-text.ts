import { EN_NEGATIONS, EN_STOP_WORDS, stemEnglish } from './english.js';
import { isKoreanNegation, KO_STOP_WORDS, koreanForms, koreanTokenKeys, koreanVerbKey } from './korean.js';
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
  /**
   * Where the negated word sits relative to the cue: English cues and Korean 안/못 come
   * before it ("not designed", 안 맵다), Korean endings after it (운영하지 않는다) or
   * either side, 대신 after the replaced word (젓갈 대신 설탕).
   */
  readonly scope: 'right' | 'left' | 'both';
  /** "X instead of Y", "Y 대신 X": Y is named as what is not the case. */
  readonly replaces: boolean;
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
}

const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;
// A full stop ends a sentence only before a space or the end, so 2.3 and 1.5 stay whole.
const SENTENCE_END = /(?:[.!?。;]+(?=\s|$)|\n)\s*/g;

const TOKEN_AHEAD = /^\s*([\p{L}\p{N}]+)/u;
/** Cues that name what something replaces: "instead of", "rather than". */
const EN_REPLACE: ReadonlyMap<string, string> = new Map([
  ['instead', 'of'],
  ['rather', 'than'],
]);
const KO_REPLACE = /^(?:대신|대신에|대신해|대신하여|아니라)$/u;

function negationOf(text: string, hangul: boolean, next: string): Pick<Token, 'negation' | 'scope' | 'replaces'> {
  if (hangul) {
    if (KO_REPLACE.test(text)) return { negation: true, scope: 'left', replaces: true };
    const neg = isKoreanNegation(text);
    const scope = text === '안' || text === '못' ? 'right' : text === '아닌' ? 'left' : 'both';
    return { negation: neg, scope, replaces: false };
  }
  if (EN_REPLACE.get(text) === next) return { negation: true, scope: 'right', replaces: true };
  return { negation: EN_NEGATIONS.has(text) || text.endsWith("n't"), scope: 'right', replaces: false };
}

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
      ...negationOf(text, hangul, TOKEN_AHEAD.exec(t.slice(end))?.[1] ?? ''),
      inQuantity: quantities.some((q) => start < q.normEnd && end > q.normStart),
      paren: (depth[start] ?? 0) > 0,
    };
    tokens.push(token);
    for (const f of new Set(forms)) {
      const list = formIndex.get(f);
      if (list) list.push(token.index);
      else formIndex.set(f, [token.index]);
    }
  }
  return { original, norm, tokens, quantities, sentences, formIndex };
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

const ALPHABETIC_OR_DIGIT = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]$/u;

/** Content words of a check text: no stop words, no negations, no numbers or units (those are values). */
export function extractTerms(text: AnalyzedText): Term[] {
  const seen = new Set<string>();
  const out: Term[] = [];
  // When everything is in parentheses, nothing is optional.
  const someOutside = text.tokens.some((t) => !t.paren && !t.stop && !t.inQuantity);
  for (const tok of text.tokens) {
    if (tok.stop || tok.negation || tok.inQuantity) continue;
    // One Latin letter or digit says nothing; one Han character, kana or jamo (ㆍ) is a word.
    if (tok.text.length < 2 && ALPHABETIC_OR_DIGIT.test(tok.text)) continue;
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

/**
 * Where a term occurs in an answer (token indices, in order); empty when it does not.
 * `whole`: the term names an entity, so a Korean compound must hold it whole (as its head),
 * not merely contain it (소금 in 소금물 is fine for a step, 김치 in 김치찌개 is not the dish).
 */
export function findTerm(term: Term, answer: AnalyzedText, whole = false): number[] {
  const hits = new Set<number>();
  for (const f of term.forms) for (const i of answer.formIndex.get(f) ?? []) hits.add(i);
  if (term.hangul && hits.size === 0 && term.key.length >= 2) {
    for (const tok of answer.tokens)
      if (tok.hangul && (whole ? holdsCompound(tok, term.key) : tok.text.includes(term.key))) hits.add(tok.index);
    // A compound written apart: 고객공지 in 고객에게 공지: whole words that spell it, side by side.
    if (hits.size === 0 && term.key.length >= 3) for (const i of splitCompound(term.key, answer)) hits.add(i);
  }
  if (term.verbKey && hits.size === 0) {
    for (const tok of answer.tokens)
      if (tok.hangul && koreanTokenKeys(tok.text).includes(term.verbKey)) hits.add(tok.index);
  }
  return [...hits].sort((a, b) => a - b);
}

/**
 * A Korean compound holds a term as its head (고객공지 is a 공지: the term ends the stem), or
 * as its stem followed by a derivational or verbal ending (발효시킨다, 지정되어). A term
 * inside a different compound does not count: 김치찌개 is not a 김치, and 된장찌개 does not
 * name a 김치찌개.
 */
function holdsCompound(tok: Token, key: string): boolean {
  if (tok.forms.some((f) => f.length > key.length && f.endsWith(key))) return true;
  return tok.text.startsWith(key) && KO_DERIVATION.test(tok.text.slice(key.length));
}

/** What may follow a noun stem inside one word without making another noun of it. */
const KO_DERIVATION =
  /^(?:하|한|할|함|합|해|했|되|된|될|됨|됩|돼|됐|시키|시켜|시킨|시킬|시킵|적|화|스러|스럽|들|이|가|을|를|은|는|과|와|의|에|로|으로|도|만|까지|부터|처럼|보다|인|였|이었|이며|이고|이다)/u;

/** Adjacent answer words whose stems spell the compound, the last one starting with its remainder. */
function splitCompound(key: string, answer: AnalyzedText): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < answer.tokens.length; i++) {
    const a = answer.tokens[i]!;
    const b = answer.tokens[i + 1]!;
    if (!a.hangul || !b.hangul || a.sentence !== b.sentence) continue;
    for (const f of a.forms) {
      if (f.length >= key.length || !key.startsWith(f)) continue;
      const rest = key.slice(f.length);
      if (b.forms.includes(rest) || (b.text.startsWith(rest) && KO_DERIVATION.test(b.text.slice(rest.length)))) {
        out.push(i, i + 1);
        break;
      }
    }
  }
  return out;
}

import type { AnalyzedText } from '../../text/analyze-text.js';
import { koreanTokenKeys, koreanVerbKey } from '../../text/korean.js';
import { EN_STOP_WORDS, KO_STOP_WORDS } from '../../text/stop-words.js';
import type { Token } from '../../text/token.js';
import { kindOfGeneral } from './general-words.js';
import { countryOf } from './place-levels.js';

/** A key term of a check: a content word that the answer has to contain. */
export interface Term {
  /** Match key (English stem or shortest Korean form). */
  readonly key: string;
  readonly forms: readonly string[];
  /** As written in the check, for rationales. */
  readonly display: string;
  readonly hangul: boolean;
  readonly unspaced: boolean;
  /** Written in parentheses: found ones are reported, missing ones do not count against the answer. */
  readonly optional: boolean;
  /** Loose key for a Korean plain-form verb (절인다 ~ 절여), see `koreanVerbKey`. */
  readonly verbKey: string | null;
}

const ALPHABETIC_OR_DIGIT = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]$/u;

/** The key a term is matched by: the word's most stripped form. */
export const termKey = (tok: Token): string => tok.forms[tok.forms.length - 1] ?? tok.text;

/** The term a word of the check's own text is a form of, if any. */
export const termOf = (terms: readonly Term[], tok: Token): Term | undefined =>
  terms.find((term) => term.forms.some((f) => tok.forms.includes(f)));

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
    const key = termKey(tok);
    if (seen.has(key) || (tok.hangul ? KO_STOP_WORDS.has(key) : EN_STOP_WORDS.has(key))) continue;
    seen.add(key);
    out.push({
      key,
      forms: tok.forms,
      display: tok.hangul ? key : tok.text,
      hangul: tok.hangul,
      unspaced: tok.unspaced,
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
  if (term.unspaced && hits.size === 0 && term.key.length >= 2)
    for (const i of withinRun(term.key, answer, whole)) hits.add(i);
  if (term.verbKey && hits.size === 0) {
    for (const tok of answer.tokens)
      if (tok.hangul && koreanTokenKeys(tok.text).includes(term.verbKey)) hits.add(tok.index);
  }
  // A country under another one-word name: 대한민국 for 한국, America for 미국.
  const country = hits.size === 0 ? countryOf(term.key) : undefined;
  if (country) for (const tok of answer.tokens) if (countryOf(termKey(tok)) === country) hits.add(tok.index);
  // A kind of the material a general word names: granite states stone, 화강암 states 돌.
  if (hits.size === 0)
    for (const tok of answer.tokens)
      if (
        [term.display, term.display.replace(/(?:으로|로)$/u, ''), ...term.forms].some((g) =>
          [tok.text, ...tok.forms].some((f) => kindOfGeneral(g, f)),
        )
      )
        hits.add(tok.index);
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

/**
 * Han, kana and Thai: segmenters cut the same word differently in different sentences
 * (東京タワー, 東京|タワー), so a term also occurs where its characters do, in a row: every
 * character bigram of it, contiguous. A named entity has to end where an answer word ends, as
 * its head (回転寿司 is a 寿司; 寿司屋 is a shop).
 */
function withinRun(key: string, answer: AnalyzedText, whole: boolean): number[] {
  const out: number[] = [];
  const text = answer.norm.text;
  for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
    const end = at + key.length;
    const covered = answer.tokens.filter((t) => t.unspaced && t.start < end && t.end > at);
    if (covered.length === 0) continue;
    if (whole && !covered.some((t) => t.end === end)) continue;
    out.push(...covered.map((t) => t.index));
  }
  return out;
}

import { EN_IRREGULAR, EN_NEGATIONS, stemEnglish } from './english.js';
import { isKoreanNegation, koreanForms } from './korean.js';
import { HANGUL } from './normalize.js';
import {
  CJK_STOP_WORDS,
  CYRILLIC,
  cjkNegation,
  foldLatin,
  isUnspaced,
  OTHER_NEGATIONS,
  OTHER_STOP_WORDS,
  stemCyrillic,
  withoutElision,
} from './scripts.js';
import { EN_STOP_WORDS, KO_STOP_WORDS } from './stop-words.js';

export interface Token {
  /** Normalised surface text. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly index: number;
  readonly sentence: number;
  /**
   * Match keys: the English stem, the Korean token and its particle-stripped forms, accented
   * Latin without diacritics, Russian without its ending.
   */
  readonly forms: readonly string[];
  readonly hangul: boolean;
  /** Han, kana or Thai: a segmenter's word, matched by substring when the segmenters disagree. */
  readonly unspaced: boolean;
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

export const TOKEN_AHEAD = /^\s*([\p{L}\p{N}]+)/u;
/** Cues that name what something replaces: "instead of", "rather than". */
const EN_REPLACE: ReadonlyMap<string, string> = new Map([
  ['instead', 'of'],
  ['rather', 'than'],
]);
const KO_REPLACE = /^(?:대신|대신에|대신해|대신하여|아니라)$/u;

export type WordKind = Pick<Token, 'hangul' | 'unspaced' | 'forms' | 'stop' | 'negation' | 'scope' | 'replaces'>;

/** What a word is, given its normalised text and the word after it ("instead" before "of"). */
export function wordKind(text: string, next: string): WordKind {
  const hangul = HANGUL.test(text);
  const unspaced = !hangul && isUnspaced(text);
  const forms = formsOf(text, hangul, unspaced);
  const stop = forms.some((f) =>
    hangul ? KO_STOP_WORDS.has(f) : unspaced ? CJK_STOP_WORDS.has(f) : EN_STOP_WORDS.has(f) || EN_STOP_WORDS.has(text),
  );
  // Other languages' function words are compared as written, not stemmed: "seine" stems to "sein".
  const other = !hangul && !unspaced && OTHER_STOP_WORDS.has(foldLatin(withoutElision(text)));
  return { hangul, unspaced, forms, stop: stop || other, ...negationOf(text, hangul, unspaced, next) };
}

/** English words that say what comes before them is not needed. */
const EN_NEEDLESS = new Set(['unnecessary', 'needless', 'unneeded']);
/** Words that may follow a predicate adjective: "unnecessary for bread", "unnecessary here". */
const EN_AFTER_PREDICATE = new Set([
  'for',
  'here',
  'and',
  'but',
  'if',
  'when',
  'unless',
  'since',
  'because',
  'as',
  'in',
  'with',
  'today',
  'now',
]);

function negationOf(
  text: string,
  hangul: boolean,
  unspaced: boolean,
  next: string,
): Pick<Token, 'negation' | 'scope' | 'replaces'> {
  if (unspaced) return { ...cjkNegation(text), replaces: false };
  if (hangul) {
    if (KO_REPLACE.test(text)) return { negation: true, scope: 'left', replaces: true };
    const neg = isKoreanNegation(text);
    const scope = text === '안' || text === '못' ? 'right' : text === '아닌' ? 'left' : 'both';
    return { negation: neg, scope, replaces: false };
  }
  if (EN_REPLACE.get(text) === next) return { negation: true, scope: 'right', replaces: true };
  // "Sifting the flour is unnecessary": said of what comes before it, not of a noun after it
  // ("avoid unnecessary opening of the door").
  if (EN_NEEDLESS.has(text) && (next === '' || EN_AFTER_PREDICATE.has(next)))
    return { negation: true, scope: 'left', replaces: false };
  const negation = EN_NEGATIONS.has(text) || text.endsWith("n't") || OTHER_NEGATIONS.has(foldLatin(text));
  return { negation, scope: 'right', replaces: false };
}

function formsOf(tok: string, hangul: boolean, unspaced: boolean): string[] {
  if (hangul) return koreanForms(tok);
  if (/^[a-z'-]+$/.test(tok)) {
    // drove ~ drive: the verb's stem comes last, as the match key.
    const verb = EN_IRREGULAR.get(tok);
    if (verb) return unique([stemEnglish(tok), stemEnglish(verb)]);
    // bogie ~ bogies, movie ~ movies: the plural's -ies reads as -y, so the singular's -ie does too.
    if (/[a-z]{3}ie$/u.test(tok)) return unique([stemEnglish(tok), `${tok.slice(0, -2)}y`]);
    return englishForms(stemEnglish(tok));
  }
  if (unspaced) return [tok];
  if (CYRILLIC.test(tok)) return unique([tok, stemCyrillic(tok)]);
  // es, fr, de: é ~ e, ü ~ u, l'architecte ~ architecte; the English plural rules fit them well enough.
  const folded = foldLatin(withoutElision(tok));
  return unique([tok, /^[a-z'-]+$/.test(folded) ? stemEnglish(folded) : folded]);
}

const unique = (xs: string[]) => [...new Set(xs)];

/**
 * An English noun of an action also matches its verb: digestion ~ digests, completion ~
 * completed, fermentation ~ ferments. The verb's stem comes last (the match key); a stem of
 * fewer than five letters is left alone (station, nation, version are no verbs' nouns).
 */
function englishForms(stem: string): string[] {
  const out = [stem];
  if (stem.endsWith('ion') && stem.length - 3 >= 5) out.push(stem.slice(0, -3));
  if (stem.endsWith('ation') && stem.length - 5 >= 5) out.push(stem.slice(0, -5));
  return out;
}

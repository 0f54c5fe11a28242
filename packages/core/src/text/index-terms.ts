import { bigrams } from './bigrams.js';
import { stemEnglish } from './english.js';
import { foldText } from './normalize.js';
import { EN_RETRIEVAL_STOP_WORDS, KO_QUESTION_STEMS } from './stop-words.js';

/**
 * Terms for BM25 and for lexical overlap. Text is normalised (`foldText`), cut into words (by
 * `Intl.Segmenter` where a script has no spaces), then into script runs: Hangul and Han/kana
 * runs become overlapping bigrams; Latin words lose stop words and get the English stem;
 * numbers keep their dots ("v2.3.1") and lose thousands commas. Pure and browser-safe.
 */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of wordsOf(foldText(text))) {
    for (const m of w.matchAll(RUN)) {
      const cjk = m[1] ?? m[2];
      if (cjk !== undefined) {
        out.push(...bigrams(cjk));
        continue;
      }
      const word = m[3];
      if (word === undefined || EN_RETRIEVAL_STOP_WORDS.has(word)) continue;
      out.push(/^\p{N}/u.test(word) ? word.replace(/,(?=\d{3}(\D|$))/g, '') : stemWord(word));
    }
  }
  return out;
}

/**
 * The topic words of a question, one key per word, for measuring how much of a
 * question a passage covers: a Korean word is keyed by its first two syllables
 * (its stem, whatever particle follows: 고객에게 → 고객), one-syllable Korean
 * words and question words are left out; other words by their index terms.
 * Every key is also a term `indexTerms` produces for the same word.
 */
export function questionKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const w of wordSegmenter().segment(foldText(text))) {
    if (!w.isWordLike) continue;
    const m = [...w.segment.matchAll(RUN)][0];
    if (!m) continue;
    const cjk = m[1] ?? m[2];
    if (cjk !== undefined) {
      if (cjk.length >= 2 && !KO_QUESTION_STEMS.has(cjk.slice(0, 2))) keys.add(cjk.slice(0, 2));
    } else {
      for (const t of indexTerms(w.segment)) if (!HANGUL_TERM.test(t)) keys.add(t);
    }
  }
  return [...keys];
}
const HANGUL_TERM = /\p{Script=Hangul}/u;

/** The English stem of a plain lower-case word; anything else (v2, café) as it is. */
export function stemWord(word: string): string {
  return /^[a-z]+$/.test(word) ? stemEnglish(word) : word;
}

// Hangul runs | Han/Kana runs | other letters and digits (v-flag set difference keeps "30분" apart as 30 + 분).
// biome-ignore lint/complexity/useRegexLiterals: TypeScript refuses the v flag in a literal below an ES2024 target.
const RUN = new RegExp(
  String.raw`(\p{Script=Hangul}+)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)|([[\p{L}\p{N}]--[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]]+(?:[.,]\p{N}+)*)`,
  'gv',
);

/** Scripts written without spaces that bigrams do not serve: only the segmenter's dictionary finds their words. */
const SEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
let segmenter: Intl.Segmenter | undefined;

/** The words of a normalised text, by the segmenter; one piece per call for spaced scripts. */
function* wordsOf(text: string): Generator<string> {
  if (!SEGMENTED.test(text)) {
    // For Korean and English, ICU word breaks fall on spaces and punctuation, which
    // the script-run pattern finds anyway, ten times faster than the segmenter.
    yield text;
    return;
  }
  for (const w of wordSegmenter().segment(text)) if (w.isWordLike) yield w.segment;
}

/** Word segmenter (the Korean locale's rules cut English and Korean alike). */
function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter('ko', { granularity: 'word' });
  return segmenter;
}

/**
 * Korean/English analyzer for BM25. Text is NFKC-normalised and lowercased, cut
 * into words (by `Intl.Segmenter` where a script has no spaces), then into script runs: Hangul (and
 * Han/Kana) runs become overlapping bigrams, as Lucene's CJK bigram filter does
 * (a lone syllable stays a unigram), so "담당자를" and "담당자는" share 담당/당자
 * although the segmenter leaves the particles attached; Latin words get a light
 * English stem; numbers keep their dots ("v2.3.1") and lose thousands commas.
 * Pure and browser-safe.
 */
let words: Intl.Segmenter | undefined;

// Hangul runs | Han/Kana runs | other letters and digits (v-flag set difference keeps "30분" apart as 30 + 분).
// biome-ignore lint/complexity/useRegexLiterals: TypeScript refuses the v flag in a literal below an ES2024 target.
const RUN = new RegExp(
  String.raw`(\p{Script=Hangul}+)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)|([[\p{L}\p{N}]--[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]]+(?:[.,]\p{N}+)*)`,
  'gv',
);

const STOP = new Set(
  'a all an and any are as at be been by can could did do does for from get has have how i if in is it its long many may much must no not of on or our should the their them there these they this those to was we were what when where which who why will with would you your'.split(
    ' ',
  ),
);

/** Question words and endings: the first two syllables of Korean words that carry no topic. */
const KO_STOP = new Set(
  '언제 얼마 며칠 무엇 무슨 어떤 어떻 어디 누가 누구 하나 해야 되나 있나 인가 입니 알려 궁금 경우 나요 가요'.split(' '),
);

/** Scripts written without spaces, where only the segmenter's dictionary finds the words. */
const UNSPACED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function* wordsOf(text: string): Generator<string> {
  if (!UNSPACED.test(text)) {
    // For Korean and English, ICU word breaks fall on spaces and punctuation, which
    // the script-run pattern below finds anyway, ten times faster than the segmenter.
    yield text;
    return;
  }
  words ??= new Intl.Segmenter('ko', { granularity: 'word' });
  for (const w of words.segment(text)) if (w.isWordLike) yield w.segment;
}

export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const w of wordsOf(text.normalize('NFKC').toLowerCase())) {
    for (const m of w.matchAll(RUN)) {
      const cjk = m[1] ?? m[2];
      if (cjk !== undefined) {
        if (cjk.length === 1) out.push(cjk);
        for (let i = 0; i + 1 < cjk.length; i++) out.push(cjk.slice(i, i + 2));
        continue;
      }
      const word = m[3];
      if (word === undefined || STOP.has(word)) continue;
      out.push(/^\p{N}/u.test(word) ? word.replace(/,(?=\d{3}(\D|$))/g, '') : stem(word));
    }
  }
  return out;
}

/**
 * The topic words of a question, one key per word, for measuring how much of a
 * question a passage covers: a Korean word is keyed by its first two syllables
 * (its stem, whatever particle follows: 고객에게 → 고객), one-syllable Korean
 * words and question words are left out; other words by their analysed form.
 * Every key is also a term `analyze` produces for the same word.
 */
export function questionKeys(text: string): string[] {
  words ??= new Intl.Segmenter('ko', { granularity: 'word' });
  const keys = new Set<string>();
  for (const w of words.segment(text.normalize('NFKC').toLowerCase())) {
    if (!w.isWordLike) continue;
    const m = [...w.segment.matchAll(RUN)][0];
    if (!m) continue;
    const cjk = m[1] ?? m[2];
    if (cjk !== undefined) {
      if (cjk.length >= 2 && !KO_STOP.has(cjk.slice(0, 2))) keys.add(cjk.slice(0, 2));
    } else {
      for (const t of analyze(w.segment)) if (!/\p{Script=Hangul}/u.test(t)) keys.add(t);
    }
  }
  return [...keys];
}

/** A light English stemmer: plurals, -ing, -ed, final e. Enough to match "notices"/"notice"/"noticed". */
export function stem(w: string): string {
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  let s = w;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (/(xes|ches|shes|zes)$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (s.endsWith(suffix) && s.length - suffix.length >= 3) {
      s = s.slice(0, -suffix.length);
      if (/([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss|zz)$/.test(s)) s = s.slice(0, -1);
      break;
    }
  }
  return s.length > 3 && s.endsWith('e') ? s.slice(0, -1) : s;
}

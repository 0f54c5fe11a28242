/**
 * A word denied by its prefix: "unsalted butter" for "salted butter", "leave the pot uncovered"
 * for "cover the pot", and the other way round. English un- before a word of the check (or a
 * check's un- word said without it) says the opposite, when the answer does not also say the
 * check's word and says it of the claim (another of the check's words in its sentence).
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { stemEnglish } from '../../text/english.js';
import type { Token } from '../../text/token.js';
import type { Coverage } from './term-coverage.js';

/** Words that begin with "un" without denying anything. */
const NOT_PREFIXED = /^(?:under|unit|union|uniform|unique|universe|universal|university|unless|until|uncle|unanim)/;

/** The stem a word denies with its prefix: unsalted → salt, uncovered → cover; null for other words. */
function denied(word: string): string | null {
  if (!/^un[a-z]{4,}$/.test(word) || NOT_PREFIXED.test(word)) return null;
  return stemEnglish(word.slice(2));
}

/** "carried no crew", "without a cover": the bare word denied by a word before it says the un- word. */
function negatedBefore(text: AnalyzedText, t: Token): boolean {
  return [1, 2, 3].some((d) => {
    const u = text.tokens[t.index - d];
    return u !== undefined && u.sentence === t.sentence && u.negation;
  });
}

/** The answer's word that says the opposite of a check word by its prefix, as [check word, answer word], or null. */
export function prefixDenial(check: AnalyzedText, answer: AnalyzedText, cov: Coverage): [string, string] | null {
  const hits = new Set(cov.hits.flatMap((h) => h.positions));
  const said = (t: Token) =>
    answer.tokens.some((u) => u.sentence === t.sentence && u.index !== t.index && hits.has(u.index));
  for (const c of check.tokens) {
    if (c.hangul || c.unspaced || c.stop || c.negation) continue;
    const own = denied(c.text);
    // The check's word itself is in the answer: nothing is turned round.
    if (answer.formIndex.has(c.forms[c.forms.length - 1] ?? c.text)) continue;
    // So is it in other words: "carried no crew" says "uncrewed", whatever crew the answer names elsewhere.
    if (own !== null && answer.tokens.some((t) => stemEnglish(t.text) === own && negatedBefore(answer, t))) continue;
    for (const t of answer.tokens) {
      if (t.hangul || t.unspaced || !said(t)) continue;
      const theirs = denied(t.text);
      // "unsalted" for "salted", or "salted" for "unsalted".
      const turned =
        (theirs !== null && theirs === stemEnglish(c.text)) || (own !== null && own === stemEnglish(t.text));
      if (turned) return [c.text, t.text];
    }
  }
  return null;
}

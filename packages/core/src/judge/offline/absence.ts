/**
 * Checks that rule something out ("Stretch each ball by hand, without a rolling pin",
 * 밀대 없이 손으로 편다): an answer that uses what the check excludes ("roll it out with a
 * rolling pin") contradicts it.
 */

import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { findTerm, type Term } from './find-term.js';

/** Words that say a thing is absent: they precede it in English and its kin, follow it in Korean. */
const ABSENT_BEFORE = new Set(['without', 'sin', 'sans', 'ohne', 'без']);
const ABSENT_AFTER = /^(?:없이|없는|없고|無しで|なしで)$/u;
const PHRASE = 3;
/** How much further than a plain negation a replacing cue reaches. */
const REPLACED_REACH = 2;

/** The terms a check says are absent, in the order written; empty when it rules nothing out. */
export function excludedTerms(check: AnalyzedText, terms: readonly Term[]): Term[] {
  const termOf = (t: Token) => terms.find((term) => term.forms.some((f) => t.forms.includes(f)));
  const out: Term[] = [];
  for (const [i, tok] of check.tokens.entries()) {
    const before = ABSENT_BEFORE.has(tok.text);
    if (!before && !ABSENT_AFTER.test(tok.text)) continue;
    const step = before ? 1 : -1;
    for (let j = i + step, n = 0; n < PHRASE; j += step, n++) {
      const t = check.tokens[j];
      if (!t || t.sentence !== tok.sentence) break;
      if (t.stop) continue;
      const term = termOf(t);
      if (!term) break;
      out.push(term);
    }
  }
  return out;
}

/**
 * A negation cue around an answer word, on the side the cue reads. "instead of" reaches over a
 * gerund and an article ("instead of using a rolling pin").
 */
function negatedAt(answer: AnalyzedText, i: number, window: number): boolean {
  const tok = answer.tokens[i];
  const reach = window + REPLACED_REACH;
  for (let d = -reach; d <= reach; d++) {
    const near = d === 0 ? undefined : answer.tokens[i + d];
    if (!near || !negates(answer, i + d) || near.sentence !== tok?.sentence) continue;
    if (Math.abs(d) > window && !near.replaces) continue;
    if ((d < 0 && near.scope !== 'left') || (d > 0 && near.scope !== 'right')) return true;
  }
  return false;
}

/**
 * The excluded terms stated together in one answer sentence with no negation near them, and
 * nowhere negated: the answer does what the check rules out. Returns what it found, or null.
 */
export function usesExcluded(excluded: readonly Term[], answer: AnalyzedText, window: number): string | null {
  if (excluded.length === 0) return null;
  const hits = excluded.map((t) => findTerm(t, answer));
  if (hits.some((h) => h.length === 0)) return null;
  if (hits.flat().some((i) => negatedAt(answer, i, window))) return null;
  const sentences = hits.map((h) => new Set(h.map((i) => answer.tokens[i]?.sentence)));
  const together = [...(sentences[0] ?? [])].some((s) => sentences.every((set) => set.has(s)));
  return together ? excluded.map((t) => t.display).join(' ') : null;
}

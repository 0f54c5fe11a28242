/**
 * A check that says "only": "monarch caterpillars feed only on milkweed", 소금만으로 절인다. An
 * answer that adds others to the very thing ("milkweed and other plants such as dandelions",
 * 소금 외에도 설탕을, 배추뿐만 아니라 무도) contradicts it, unless it says "only" as well.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { findTerm, type Term, termOf } from './find-term.js';

const EN_ONLY = new Set(['only', 'solely', 'exclusively']);
/** 만 right after the word, before a particle or nothing: 소금만, 소금만으로, 밀크위드만을. */
const KO_ONLY = /\p{Script=Hangul}만(?:으로|을|이|은|의)?$/u;
/** Words after the thing that add others to it. */
const EN_OTHERS = new Set(['other', 'others', 'besides', 'plus']);
const KO_OTHERS = /^(?:외에|외에도|말고도|이외에도|다른)$/u;
const KO_NOT_ONLY = /(?:뿐만|뿐|외에도|말고도)$/u;
const REACH = 3;

/** The check's terms said to be the only ones. */
function onlyTerms(check: AnalyzedText, terms: readonly Term[]): Term[] {
  const out: Term[] = [];
  for (const [i, tok] of check.tokens.entries()) {
    if (tok.hangul && KO_ONLY.test(tok.text)) {
      const term = termOf(terms, tok);
      if (term) out.push(term);
    } else if (!tok.hangul && EN_ONLY.has(tok.text)) {
      // "only on milkweed", "only milkweed": the first content word after it.
      const next = check.tokens.slice(i + 1, i + 4).find((t) => !t.stop && t.sentence === tok.sentence);
      const term = next && termOf(terms, next);
      if (term) out.push(term);
    }
  }
  return out;
}

/** The answer adds others right after the word at `p`. */
function addsOthers(answer: AnalyzedText, p: number): boolean {
  const tok = answer.tokens[p];
  if (!tok) return false;
  if (tok.hangul && KO_NOT_ONLY.test(tok.text)) return true;
  for (let d = 1; d <= REACH; d++) {
    const t = answer.tokens[p + d];
    if (!t || t.sentence !== tok.sentence) break;
    if (t.hangul ? KO_OTHERS.test(t.text) : EN_OTHERS.has(t.text)) return true;
    if (t.text === 'well' && answer.tokens[p + d - 1]?.text === 'as') return true;
  }
  return false;
}

/** What the check says is the only one, found in the answer among others; null otherwise. */
export function notOnly(check: AnalyzedText, terms: readonly Term[], answer: AnalyzedText): string | null {
  for (const term of onlyTerms(check, terms)) {
    const at = findTerm(term, answer);
    if (at.length === 0) continue;
    const saysOnly = at.some((p) => {
      const tok = answer.tokens[p];
      if (tok?.hangul) return KO_ONLY.test(tok.text);
      return answer.tokens
        .slice(Math.max(0, p - 3), p)
        .some((t) => EN_ONLY.has(t.text) && t.sentence === tok?.sentence);
    });
    if (!saysOnly && at.some((p) => addsOthers(answer, p))) return term.display;
  }
  return null;
}

/**
 * What a check rules out by naming it beside what it says: 찹쌀이 아니라 멥쌀가루로 만든다, 남문이
 * 아니라 서문으로, "leavened by a starter rather than commercial yeast". An answer that says the
 * ruled-out thing in the check's frame, and nowhere the check's own, contradicts it (가래떡은
 * 찹쌀로 만든 떡이다); one that says both, or denies or replaces the ruled-out thing, does not.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negatedAt } from './absence.js';
import { findTerm, type Term, termOf } from './find-term.js';

/** Words before "than" or "of" that name a replaced thing after them ("rather than", "instead of"). */
const EN_LEAD = new Set(['rather', 'instead']);
/** How far from the cue the two things may stand, in content words. */
const REACH = 2;
/**
 * Before a Korean cue, the word it rules out carries a subject particle or none (꿩 대신 닭, 찹쌀이
 * 아니라): with an object particle it is the thing used instead (닭을 대신 쓰면서), and with 만 or
 * 뿐 it is "not only" (배추뿐만 아니라).
 */
const KO_RULED = /(?:[^만뿐]이|[^만뿐]가|^[가-힣]+(?<![을를은는만뿐]))$/u;
/** "Not merely food": 단순한, 그저, merely, just rule out nothing, they say there is more. */
const MERELY = /^(?:단순한|단순히|그저|단지|한낱|그냥|일개|merely|just|only|simply|mere)$/u;

interface RuledOut {
  readonly ruled: Term;
  readonly kept: Term;
}

/** The terms on each side of the check's replacing cues: the ruled-out one and the one kept. */
function ruledOutPairs(check: AnalyzedText, terms: readonly Term[]): RuledOut[] {
  const termIn = (t: Token) => (t.stop || t.inQuantity ? undefined : termOf(terms, t));
  const near = (from: number, step: number, sentence: number): Term | undefined => {
    for (let k = from, n = 0; n < REACH; k += step) {
      const t = check.tokens[k];
      if (!t || t.sentence !== sentence) return undefined;
      if (t.stop) continue;
      n++;
      const term = termIn(t);
      if (term) return term;
    }
    return undefined;
  };
  const out: RuledOut[] = [];
  for (const tok of check.tokens) {
    if (!tok.replaces) continue;
    // 찹쌀이 아니라 멥쌀가루로: the ruled-out thing before the cue, the kept one after it.
    // "a starter rather than commercial yeast": the cue's second word, then the ruled-out thing.
    const english = EN_LEAD.has(tok.text);
    const before = check.tokens[tok.index - 1];
    if (!english && (!before?.hangul || !KO_RULED.test(before.text))) continue;
    const lead = check.tokens.slice(Math.max(0, tok.index - 4), tok.index + 3);
    if (lead.some((t) => t.sentence === tok.sentence && MERELY.test(t.text))) continue;
    const ruled = english ? near(tok.index + 2, 1, tok.sentence) : near(tok.index - 1, -1, tok.sentence);
    const kept = english ? near(tok.index - 1, -1, tok.sentence) : near(tok.index + 1, 1, tok.sentence);
    if (ruled && kept && ruled.key !== kept.key) out.push({ ruled, kept });
  }
  return out;
}

/**
 * The answer says what the check rules out, in a sentence with another word of the check's
 * frame, never denied, and never says what the check keeps: the ruled-out thing as written.
 */
export function ruledOutSaid(
  check: AnalyzedText,
  answer: AnalyzedText,
  terms: readonly Term[],
  window: number,
): string | null {
  for (const { ruled, kept } of ruledOutPairs(check, terms)) {
    if (findTerm(kept, answer).length) continue;
    const at = findTerm(ruled, answer);
    // 찹쌀이 아니라 멥쌀로, "instead of commercial yeast": denied or replaced, it is not said.
    if (at.length === 0 || at.some((i) => negatedAt(answer, i, window))) continue;
    const frame = terms.filter((t) => t.key !== ruled.key && t.key !== kept.key);
    const inFrame = at.some((i) =>
      frame.some((t) => findTerm(t, answer).some((j) => answer.tokens[j]?.sentence === answer.tokens[i]?.sentence)),
    );
    if (inFrame) return ruled.display;
  }
  return null;
}

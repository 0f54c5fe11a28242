/**
 * Checks that rule something out ("Stretch each ball by hand, without a rolling pin",
 * 밀대 없이 손으로 편다): an answer that uses what the check excludes ("roll it out with a
 * rolling pin") contradicts it.
 */

import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates, someCasesOnly } from './affirming-negation.js';
import { clauseIds } from './clauses.js';
import { findTerm, type Term, termOf } from './find-term.js';
import type { Coverage } from './term-coverage.js';

/** Words that say a thing is absent: they precede it in English and its kin, follow it in Korean. */
const ABSENT_BEFORE = new Set(['without', 'sin', 'sans', 'ohne', 'без']);
const ABSENT_AFTER = /^(?:없이|없는|없고|無しで|なしで)$/u;
const PHRASE = 3;
/** How much further than a plain negation a replacing cue reaches. */
const REPLACED_REACH = 2;

/**
 * Verbs of using or needing: "commercial yeast is not needed", 젓갈은 넣지 않는다 rule out what
 * they are said of, as "without" does.
 */
const EN_NEED = new Set('needed required used necessary added included involved allowed permitted'.split(' '));
const EN_BE = new Set(['is', 'are', 'was', 'were', 'be', 'been']);
const KO_NEED = /^(?:넣지|쓰지|사용하지|첨가하지|필요하지|필요|섞지|곁들이지)$/u;
const KO_NOT = /^(?:않|없)/u;

/**
 * The content words before a denied verb of use or need, in its clause: "commercial yeast" in
 * "Commercial yeast is not needed", 설탕 in 설탕은 넣지 않는다.
 */
function deniedUse(check: AnalyzedText, i: number): number[] {
  const tok = check.tokens[i];
  if (!tok) return [];
  let end = -1;
  if (!tok.hangul && EN_NEED.has(tok.text)) {
    const neg = check.tokens[i - 1];
    const be = check.tokens[i - 2];
    if (neg?.sentence === tok.sentence && negates(check, i - 1) && be && EN_BE.has(be.text)) end = i - 2;
  } else if (tok.hangul && KO_NEED.test(tok.text)) {
    const next = check.tokens[i + 1];
    if (next?.sentence === tok.sentence && KO_NOT.test(next.text) && negates(check, i + 1)) end = i;
  }
  if (end < 0) return deniedObject(check, i);
  const clause = clauseIds(check);
  const out: number[] = [];
  for (let j = end - 1; j >= 0 && out.length < PHRASE; j--) {
    const t = check.tokens[j];
    if (!t || clause[j] !== clause[i] || t.negation || koreanVerb(t)) break;
    if (t.stop) continue;
    out.unshift(j);
  }
  return out;
}

/**
 * A Korean verb that ends the phrase before a denied use: in 돌은 사람의 힘으로 옮겼으며 거중기 같은
 * 기계는 쓰지 않았다 what is not used is the machine, not the moving.
 */
const koreanVerb = (t: Token) =>
  t.hangul && t.text.length >= 2 && /(?:며|고|어서|아서|해서|었다|았다|였다|했다)$/u.test(t.text);

/** English verbs of having or using whose object a negation denies: "does not have a backlit screen". */
const EN_HAVE = new Set(
  'have has use uses contain contains include includes need needs require requires add adds'.split(' '),
);
const ARTICLES = new Set(['a', 'an', 'the', 'any']);

/** The object after a denied verb of having or using: "does not have a backlit screen" → backlit screen. */
function deniedObject(text: AnalyzedText, i: number): number[] {
  const verb = text.tokens[i];
  const neg = text.tokens[i - 1];
  if (!verb || verb.hangul || !EN_HAVE.has(verb.text) || neg?.sentence !== verb.sentence) return [];
  if (!negates(text, i - 1) || !(neg.text === 'not' || neg.text === 'never' || neg.text.endsWith("n't"))) return [];
  const out: number[] = [];
  for (let j = i + 1; j < text.tokens.length && out.length < PHRASE; j++) {
    const t = text.tokens[j]!;
    if (t.sentence !== verb.sentence || t.negation || t.inQuantity) break;
    if (ARTICLES.has(t.text) && out.length === 0) continue;
    if (t.stop) break;
    if (j > i + 1 && /[,;:()]/.test(text.norm.text.slice(text.tokens[j - 1]!.end, t.start))) break;
    out.push(j);
  }
  return out;
}

/** Every check of an answer asks which of its words it denies the use of: computed once per text. */
const deniedCache = new WeakMap<AnalyzedText, ReadonlySet<number>>();
function deniedPositions(answer: AnalyzedText): ReadonlySet<number> {
  let denied = deniedCache.get(answer);
  if (!denied) {
    const out = new Set<number>();
    const clause = clauseIds(answer);
    for (const i of answer.tokens.keys()) {
      // 젓갈을 넣지 않는 집도 있다 says what some do, not what is used.
      if (someCasesOnly(answer, clause, i)) continue;
      for (const j of deniedUse(answer, i)) out.add(j);
    }
    deniedCache.set(answer, out);
    denied = out;
  }
  return denied;
}

/**
 * A key term of the check that the answer says is not used, wherever it names it ("참기름은 쓰지
 * 않습니다", "it does not use basil", "no commercial yeast is needed" denies nothing of a starter):
 * the answer rules out what the check says is there. Returns the term as shown, or null.
 */
export function deniedByAnswer(cov: Coverage, answer: AnalyzedText): string | null {
  const denied = deniedPositions(answer);
  if (denied.size === 0) return null;
  for (const h of cov.hits) {
    if (h.weight < 1 || h.positions.length === 0) continue;
    if (h.positions.every((p) => denied.has(p))) return h.term.display;
  }
  return null;
}

/** The terms a check says are absent, in the order written; empty when it rules nothing out. */
export function excludedTerms(check: AnalyzedText, terms: readonly Term[]): Term[] {
  const out: Term[] = [];
  for (const [i, tok] of check.tokens.entries()) {
    for (const j of deniedUse(check, i)) {
      const term = termOf(terms, check.tokens[j]!);
      if (term && !out.includes(term)) out.push(term);
    }
    const before = ABSENT_BEFORE.has(tok.text);
    if (!before && !ABSENT_AFTER.test(tok.text)) continue;
    const step = before ? 1 : -1;
    for (let j = i + step, n = 0; n < PHRASE; j += step, n++) {
      const t = check.tokens[j];
      if (!t || t.sentence !== tok.sentence) break;
      if (t.stop) continue;
      const term = termOf(terms, t);
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
export function negatedAt(answer: AnalyzedText, i: number, window: number): boolean {
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

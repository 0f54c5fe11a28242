/**
 * A check that denies something of its subject, answered by saying it: "It could not record"
 * against "It could record from a built-in microphone", "It had no recording function" against
 * "It had a recording function", 녹음 기능이 없었다 against 녹음 기능이 있었다. The denied words
 * are the key terms the check's negation reaches (after it in English, before it in Korean);
 * the answer states them all in one clause about the subject with no negation, and denies them
 * in no clause.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { KO_TOPIC_ENDING } from '../../text/korean.js';
import { negates } from './affirming-negation.js';
import { clauseIds, conditionalClauses } from './clauses.js';
import { termKey } from './find-term.js';
import type { Coverage } from './term-coverage.js';
import type { SubjectWords } from './value-subject.js';

/**
 * Words of leaving out or of rarity, which deny as a negation does: "dropped the recording
 * function", "needed only rarely", 녹음 기능은 빼고, 드물게.
 */
const EN_DENYING = new Set(
  'without lacked lacks lack lacking omitted removed dropped excluded minus instead rarely seldom hardly barely scarcely'.split(
    ' ',
  ),
);
const KO_DENYING = /^(?:빼|뺀|없애|없앤|제외|생략|대신|드물)/u;
/** A word used as a likeness, not as itself: 무기처럼, "like a weapon". */
const KO_LIKE = /(?:처럼|같이|마냥|듯이)$/u;
const EN_LIKE = new Set(['like', 'as']);

/** How many key terms a negation reaches: "does not close on a single touch". */
const REACH = 4;

/** Korean light verbs and nouns between a denied word and its negation: 할 수 없다, 하지 않는다, 것이 아니다. */
const KO_LIGHT = /^(?:수|할|하지|한|것|것은|것이|것을|되지|될)$/u;

/** Words of exclusiveness: a negation with one denies that the thing is the only one. */
const ONLY = /^(?:only|just|solely|exclusively|merely|.+만|.+뿐|오직|오로지)$/u;

/** A Korean question: 말이 되는가, 있을까, 했습니까. */
const KO_QUESTION = /(?:는가|은가|인가|던가|을까|할까|일까|습니까|니까|나요|까요)$/u;
/** A Korean copula after a noun: 부족장이었던, 중점이다, 법궁이며. */
const KO_COPULA = /(?:이다|였다|이었다|이며|이고|입니다|이었던|였던|이던|인|다)$/u;

interface Denial {
  readonly keys: string[];
  /** How many words the denied terms span in the check. */
  readonly span: number;
  /** For 아니다: the complement's key (공성전이 중점이 아니다 → 중점), which the answer must predicate. */
  readonly complement: string | null;
}

/** The check's key terms its one negation denies, or null when it has none or several. */
function deniedKeys(check: AnalyzedText, keys: ReadonlySet<string>): Denial | null {
  const cues = check.tokens.filter((t) => negates(check, t.index));
  if (cues.length !== 1) return null;
  const cue = cues[0]!;
  const clause = clauseIds(check);
  const step = cue.hangul ? -1 : 1;
  // The Korean verb the negation ends must be a word of the check, or a light verb before it
  // (녹음을 할 수 없었다): 경기 중에는 말하지 않는다 denies the speaking, which is no key term.
  const verb = check.tokens[cue.index - 1];
  if (
    cue.hangul &&
    verb &&
    clause[verb.index] === clause[cue.index] &&
    !keys.has(termKey(verb)) &&
    !KO_LIGHT.test(verb.text)
  )
    return null;
  const out: string[] = [];
  const at: number[] = [];
  for (let j = cue.index + step; out.length < REACH; j += step) {
    const t = check.tokens[j];
    if (!t || clause[j] !== clause[cue.index]) break;
    if (t.stop || t.inQuantity) continue;
    const k = termKey(t);
    if (keys.has(k) && !out.includes(k)) {
      out.push(k);
      at.push(j);
    }
  }
  if (!out.length) return null;
  // "does not eat flies only", 파리만 먹지 않는다: the check denies that it is the only one.
  if (check.tokens.some((t) => clause[t.index] === clause[cue.index] && ONLY.test(t.text))) return null;
  const copula = cue.hangul && cue.text.startsWith('아니') && verb && keys.has(termKey(verb));
  return { keys: out, span: Math.max(...at) - Math.min(...at), complement: copula ? termKey(verb) : null };
}

/** One position per list, as close together as they come (the lists are short). */
function nearest(lists: readonly (readonly number[])[]): number[] {
  let best: number[] = [];
  let width = Infinity;
  for (const p of lists[0] ?? []) {
    const pick = lists.map((l) => l.reduce((b, q) => (Math.abs(q - p) < Math.abs(b - p) ? q : b), l[0] ?? p));
    const w = Math.max(...pick) - Math.min(...pick);
    if (w < width) [best, width] = [pick, w];
  }
  return best;
}

/** A sentence that asks rather than states: a question mark, or a Korean question ending (말이 되는가). */
function asks(text: AnalyzedText, sentence: number): boolean {
  const span = text.sentences[sentence];
  if (span && /[?？]/u.test(text.original.slice(span.start, span.end))) return true;
  const last = text.tokens.filter((t) => t.sentence === sentence).at(-1);
  return last?.hangul === true && KO_QUESTION.test(last.text);
}

/** The answer clause that states what the check denies, shown; null when none does or one denies it. */
export function affirmedDenial(
  check: AnalyzedText,
  answer: AnalyzedText,
  coverage: Coverage,
  words: SubjectWords,
): string | null {
  const denial = deniedKeys(check, new Set(coverage.hits.map((h) => h.term.key)));
  if (!denial) return null;
  const denied = denial.keys;
  const at = new Map(coverage.hits.map((h) => [h.term.key, h.positions]));
  if (denied.some((k) => !at.get(k)?.length)) return null;
  const clause = clauseIds(answer);
  const conditional = conditionalClauses(answer, clause);
  // Clauses that hold every denied term and the rest of the claim ("A single touch does not close
  // the trap" is not affirmed by "A trap can only close a few times"), with or without a negation.
  // One other word is mostly the subject under a common name ("The camera has no …"); two or
  // more are a phrase of their own.
  const rest = coverage.hits.filter((h) => h.weight >= 1 && !denied.includes(h.term.key)).map((h) => h.term.key);
  const claim = new Set([...denied, ...(rest.length >= 2 ? rest : [])]);
  const holding = [...new Set(at.get(denied[0]!)?.map((p) => clause[p]))].filter(
    (c): c is number => c !== undefined && [...claim].every((k) => at.get(k)?.some((p) => clause[p] === c)),
  );
  const negated = (c: number) =>
    answer.tokens.some(
      (t) =>
        clause[t.index] === c &&
        (negates(answer, t.index) || (t.hangul ? KO_DENYING.test(t.text) : EN_DENYING.has(t.text))),
    );
  if (holding.some(negated)) return null;
  const names = (forms: readonly string[]) => forms.some((f) => words.subjectKeys.has(f) || words.termForms.has(f));
  const tokensOf = (c: number) => answer.tokens.filter((t) => clause[t.index] === c);
  const stating = holding.find((c) => {
    const inClause = tokensOf(c);
    if (conditional.has(c) || asks(answer, inClause[0]?.sentence ?? -1)) return false;
    // 공성전은 배경일 뿐 중점은 …이다 makes 중점 a topic, not what 공성전 is.
    const { complement } = denial;
    if (complement && !inClause.some((t) => t.text.startsWith(complement) && KO_COPULA.test(t.text))) return false;
    const positions = nearest(denied.map((k) => (at.get(k) ?? []).filter((p) => clause[p] === c)));
    // As close together as the check has them: "native to North Carolina, and … in Asia" is two claims.
    if (Math.max(...positions) - Math.min(...positions) > denial.span + 2) return false;
    // 손과 발을 무기처럼 쓴다 uses hands as weapons, not weapons.
    const likeness = positions.some((p) => {
      const t = answer.tokens[p];
      return t?.hangul ? KO_LIKE.test(t.text) : EN_LIKE.has(answer.tokens[p - 1]?.text ?? '');
    });
    if (likeness) return false;
    // Only what the clause says of the subject: nothing else named as its subject ("Later models
    // had a recording function" before the denied words; 법궁이었고 창덕궁이 이궁이었다, a Korean
    // topic anywhere before the last of them).
    const before = inClause[0]?.hangul ? Math.max(...positions) : Math.min(...positions);
    return !inClause.some(
      (t) =>
        t.index < before && !t.stop && !t.inQuantity && !names(t.forms) && (!t.hangul || KO_TOPIC_ENDING.test(t.text)),
    );
  });
  if (stating === undefined) return null;
  const shownClause = tokensOf(stating);
  const [from, to] = [shownClause[0], shownClause[shownClause.length - 1]];
  if (!from || !to) return null;
  return answer.original.slice(answer.norm.offsets[from.start] ?? 0, answer.norm.offsets[to.end] ?? undefined).trim();
}

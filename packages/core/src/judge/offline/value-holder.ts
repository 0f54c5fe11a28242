/**
 * Whose value an answer states when the check names a part or a kind of the subject's measure:
 * "the first platform is 57 metres high" is not contradicted by "the second platform is 115
 * metres high", nor "its top speed" by "its average speed", "the summer generation" by "the winter
 * generation", or 일몰 시간 by 일출 시간. A check word the answer's clause lacks, right before a check
 * word the clause has, replaced there by another word of the same closed set, names another holder
 * of the value.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { LocatedQuantity } from '../../text/quantities.js';
import type { Token } from '../../text/token.js';
import { clauseIds } from './clauses.js';
import { EXCLUSIVE_SETS } from './general-words.js';
import type { Coverage } from './term-coverage.js';
import { lastTokenAt, tokenAt } from './value-shapes.js';
import type { SubjectWords } from './value-subject.js';

/**
 * Words that tell parts or kinds of one thing apart, each set closed: a value of "the second
 * platform" is not one of "the first". Paraphrases ("the first level") are left alone: only a
 * word of the same set in the check word's place names another holder.
 */
const HOLDER_SETS: readonly ReadonlySet<string>[] = [
  ...EXCLUSIVE_SETS,
  new Set('first second third fourth fifth last top bottom 첫 두 세 네 다섯 첫째 둘째 셋째 마지막'.split(' ')),
  new Set('upper lower middle 위 아래 상부 하부 중간'.split(' ')),
  new Set('north south east west northern southern eastern western 북쪽 남쪽 동쪽 서쪽 북 남 동 서'.split(' ')),
  new Set('inner outer inside outside 안쪽 바깥쪽 내부 외부'.split(' ')),
  new Set('front back rear 앞 뒤 앞쪽 뒤쪽 전면 후면'.split(' ')),
  new Set('main side central 주 중앙'.split(' ')),
  new Set('left right 왼쪽 오른쪽'.split(' ')),
  new Set('sunrise sunset 일출 일몰 해돋이 해넘이'.split(' ')),
  new Set('average top maximum minimum lowest highest 평균 최고 최대 최저 최소'.split(' ')),
  new Set('original current initial present 출시 현재 당시 지금'.split(' ')),
  new Set('adult adults larva larvae caterpillar 성충 애벌레 유충'.split(' ')),
  new Set('male female 수컷 암컷'.split(' ')),
  new Set('head body trunk face leg legs arm arms 머리 몸통 얼굴 다리 팔'.split(' ')),
];

/** Words of one set that name the same measure: "top speed" is "maximum speed". */
const SAME: readonly ReadonlySet<string>[] = [new Set(['top', 'maximum', 'highest', '최고', '최대'])];

const bare = (t: Token) => t.forms[t.forms.length - 1] ?? t.text;
const wordsOf = (t: Token) => [t.text, bare(t), ...t.forms];
/** Two different words of one closed set (first and second, 일출 and 일몰), not one measure twice (top, maximum). */
const inOne = (sets: readonly ReadonlySet<string>[], a: Token, b: Token) =>
  sets.some((set) => wordsOf(a).some((w) => set.has(w)) && wordsOf(b).some((w) => set.has(w)));
const otherOfSet = (a: Token, b: Token) =>
  !wordsOf(a).some((w) => wordsOf(b).includes(w)) && inOne(HOLDER_SETS, a, b) && !inOne(SAME, a, b);
/** The answer's value at `at` is held by another part or kind of the subject than the check's. */
export function otherHolder(
  check: AnalyzedText,
  answer: AnalyzedText,
  at: LocatedQuantity,
  coverage: Coverage,
  words: SubjectWords,
): boolean {
  const clause = clauseIds(answer);
  const here = tokenAt(answer, at);
  const c = clause[here];
  if (c === undefined) return false;
  const positions = new Map(coverage.hits.map((h) => [h.term.key, h.positions]));
  const keyOf = (t: Token) => [...positions.keys()].find((k) => t.forms.includes(k));
  const inClause = (k: string) => (positions.get(k) ?? []).filter((p) => clause[p] === c);
  const named = (t: Token) => t.forms.some((f) => words.subjectKeys.has(f) || words.termForms.has(f));
  for (const m of check.tokens) {
    if (m.stop || m.inQuantity || m.forms.some((f) => words.subjectKeys.has(f))) continue;
    // The noun the word stands before, or the one after a second modifier ("the first Great Bell").
    for (const gap of [1, 2]) {
      const next = check.tokens[m.index + gap];
      const between = check.tokens[m.index + 1];
      if (gap === 2 && (!between || between.stop || between.inQuantity)) continue;
      const nk = next && next.sentence === m.sentence ? keyOf(next) : undefined;
      if (!nk) continue;
      // The shared noun nearest before the value says whose it is (몸통 발차기는 1점, 머리 발차기는 2점:
      // the 2 is the head kick's); after it when none comes before ("57 metres for the first platform").
      const shared = inClause(nk);
      const p = shared.filter((q) => q < here).at(-1) ?? shared.find((q) => q > here);
      const before = p === undefined ? undefined : answer.tokens[p - 1];
      if (!before || clause[before.index] !== c || before.negation) continue;
      if (wordsOf(before).some((w) => wordsOf(m).includes(w))) continue;
      if (!named(before) && otherOfSet(m, before)) return true;
    }
  }
  return false;
}

/** A Korean date that names what follows it: 2000년 시드니 올림픽 (no particle on the year). */
const KO_BARE_DATE = /[년월일]$/u;

/**
 * The value names one edition of an event, as a date before a name and its head: "the 2000
 * Sydney Olympics", 2000년 시드니 올림픽. The answer's value before another name and the same
 * head ("the 1988 Seoul Olympics", 1988년 서울 올림픽) dates another edition, not the check's,
 * when the answer names the check's edition as well.
 */
export function otherEdition(
  check: AnalyzedText,
  checkAt: LocatedQuantity,
  answer: AnalyzedText,
  at: LocatedQuantity,
): boolean {
  const after = (text: AnalyzedText, q: LocatedQuantity) => {
    const i = lastTokenAt(text, q);
    const [value, name, head] = [text.tokens[i], text.tokens[i + 1], text.tokens[i + 2]];
    if (!value || !name || !head || name.sentence !== value.sentence || head.sentence !== value.sentence) return null;
    if (value.hangul && !KO_BARE_DATE.test(value.text)) return null;
    if (name.stop || head.stop || name.inQuantity || head.inQuantity) return null;
    if (/[,;:()]/.test(text.norm.text.slice(value.end, head.start))) return null;
    return { name, head };
  };
  const want = after(check, checkAt);
  const got = want && after(answer, at);
  if (!want || !got) return false;
  const shares = (a: Token, b: Token) => a.forms.some((f) => b.forms.includes(f));
  // The answer names the check's edition too (시드니 대회부터 정식 종목): the other one is another
  // claim. Without it, "the 2004 Athens Olympics" is the answer's edition for the check's claim.
  const namesCheck = answer.tokens.some((t) => shares(t, want.name));
  return namesCheck && shares(want.head, got.head) && !shares(want.name, got.name);
}

/**
 * The content words that name what a check's value belongs to: those before it, back to the
 * value before it in its sentence (한국·일본 규칙은 6집 반, 중국 규칙은 7집 반 gives 한국 일본 규칙
 * to 6집 반 and 중국 규칙 to 7집 반).
 */
function holderWords(check: AnalyzedText, values: readonly LocatedQuantity[], v: LocatedQuantity): Set<string> {
  const i = tokenAt(check, v);
  const sentence = check.tokens[i]?.sentence;
  const from = Math.max(-1, ...values.filter((o) => o.normEnd <= v.normStart).map((o) => lastTokenAt(check, o)));
  const out = new Set<string>();
  for (const t of check.tokens.slice(from + 1, i))
    if (t.sentence === sentence && !t.stop && !t.inQuantity) for (const f of t.forms) out.add(f);
  return out;
}

/**
 * The answer's value is the check's other value `own`, said of that value's holder: "한국 규칙에서는
 * 6집 반" for the 7집 반 of 중국 규칙 in a check that gives both. Only words one holder has and the
 * other lacks tell them apart, and the answer's clause must name the other's and not this one's.
 */
export function heldByOther(
  check: AnalyzedText,
  values: readonly LocatedQuantity[],
  value: LocatedQuantity,
  own: LocatedQuantity,
  answer: AnalyzedText,
  at: LocatedQuantity,
): boolean {
  const [mine, theirs] = [holderWords(check, values, value), holderWords(check, values, own)];
  const only = (a: Set<string>, b: Set<string>) => new Set([...a].filter((w) => !b.has(w)));
  const [mineOnly, theirsOnly] = [only(mine, theirs), only(theirs, mine)];
  const clause = clauseIds(answer);
  const c = clause[tokenAt(answer, at)];
  const inClause = answer.tokens.filter((t) => clause[t.index] === c && !t.negation);
  const names = (words: Set<string>) => inClause.some((t) => t.forms.some((f) => words.has(f)));
  return names(theirsOnly) && !names(mineOnly);
}

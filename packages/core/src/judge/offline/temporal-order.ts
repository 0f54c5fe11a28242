/**
 * Two events of a check in the other order: "bow to the opponent before the match" against "bow
 * to the opponent after the match", "salt the cabbage before rinsing it" against "rinse the
 * cabbage before salting it", 배추를 절인 뒤 씻는다 against 배추를 씻은 뒤 절인다. Each side of a
 * word of time order (before, after, 전에, 뒤에) holds some of the check's key terms; the answer
 * puts a term of the check's earlier event after a term of its later one, in a sentence with one
 * such word that holds all the check's terms around it, and states the check's order nowhere.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { termKey } from './find-term.js';
import type { Coverage } from './term-coverage.js';

type Relation = 'before' | 'after';

/** "A before B" and "A, then B" put A first; "A after B" puts B first. */
const EN_RELATION: ReadonlyMap<string, Relation> = new Map([
  ['before', 'before'],
  ['then', 'before'],
  ['after', 'after'],
]);
/**
 * 경기 전에 경례한다: what the time word follows happens later (전) or earlier (후, 뒤, 다음, and
 * 나서 of 절이고 나서).
 */
const KO_RELATION = /^(?:(전|이전)|(후|이후|뒤|다음|나서))(?:에|에는|에도)?$/u;

function relationOf(t: Token): Relation | null {
  if (!t.hangul) return EN_RELATION.get(t.text) ?? null;
  const m = KO_RELATION.exec(t.text);
  // Korean 전 follows what happens later: A 전에 B is B, then A.
  return m ? (m[1] ? 'after' : 'before') : null;
}

/** Key terms of one sentence, split into what happens first and what happens next. */
interface Order {
  readonly first: ReadonlySet<string>;
  readonly next: ReadonlySet<string>;
}

/**
 * The order one time word states in its sentence. English "A before B" and Korean "A 뒤에 B" put
 * A first; "Before B, A" opens with the time word, so B runs to the comma.
 */
function orderAround(text: AnalyzedText, at: number, keyOf: (t: Token) => string | null): Order | null {
  const rel = text.tokens[at];
  if (!rel) return null;
  const relation = relationOf(rel);
  if (!relation) return null;
  const same = text.tokens.filter((t) => t.sentence === rel.sentence);
  const keys = (list: readonly Token[]) =>
    new Set(list.map(keyOf).filter((k): k is string => k !== null && k.length > 0));
  const left = same.filter((t) => t.index < at);
  const right = same.filter((t) => t.index > at);
  if (!rel.hangul && keys(left).size === 0) {
    // "After the match, bow": the time word's own phrase ends at the first comma.
    const comma = right.findIndex(
      (t, i) => i + 1 < right.length && text.norm.text.slice(t.end, right[i + 1]!.start).includes(','),
    );
    if (comma < 0) return null;
    const object = right.slice(0, comma + 1);
    const rest = right.slice(comma + 1);
    return relation === 'after' ? { first: keys(object), next: keys(rest) } : { first: keys(rest), next: keys(object) };
  }
  const a = keys(left);
  const b = keys(right);
  return relation === 'before' ? { first: a, next: b } : { first: b, next: a };
}

const overlaps = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((k) => b.has(k));

/** The check's order turned round in the answer, shown as the two time words' sentences. */
export function orderConflict(
  check: AnalyzedText,
  answer: AnalyzedText,
  coverage: Coverage,
): { expected: string; stated: string } | null {
  const relations = check.tokens.filter((t) => relationOf(t) !== null);
  if (relations.length !== 1 || check.sentences.length !== 1) return null;
  // Each check word's term key, and each answer position's: the same keys on both sides.
  const found = new Map<number, string>();
  for (const h of coverage.hits) for (const p of h.positions) found.set(p, h.term.key);
  const checkKeys = new Set(coverage.hits.map((h) => h.term.key));
  const want = orderAround(check, relations[0]!.index, (t) => (checkKeys.has(termKey(t)) ? termKey(t) : null));
  if (!want || want.first.size === 0 || want.next.size === 0) return null;
  const onlyFirst = new Set([...want.first].filter((k) => !want.next.has(k)));
  const onlyNext = new Set([...want.next].filter((k) => !want.first.has(k)));
  if (onlyFirst.size === 0 || onlyNext.size === 0) return null;
  let turned: Token | null = null;
  for (const t of answer.tokens) {
    if (!relationOf(t)) continue;
    const sentence = answer.tokens.filter((u) => u.sentence === t.sentence);
    // "before and after the match" states both orders.
    if (sentence.filter((u) => relationOf(u) !== null).length !== 1) continue;
    const got = orderAround(answer, t.index, (u) => found.get(u.index) ?? null);
    if (!got) continue;
    if (overlaps(got.first, onlyFirst) && overlaps(got.next, onlyNext)) return null;
    // The sentence says all the check says, in the other order ("after construction began, the
    // design was changed" is about another event, not the approved design's order).
    const all = new Set([...got.first, ...got.next]);
    const whole = [...want.first, ...want.next].every((k) => all.has(k));
    if (!turned && whole && overlaps(got.first, onlyNext) && overlaps(got.next, onlyFirst)) turned = t;
  }
  if (!turned) return null;
  const span = answer.sentences[turned.sentence];
  const checkSpan = check.sentences[0];
  if (!span || !checkSpan) return null;
  return {
    expected: check.original.slice(checkSpan.start, checkSpan.end).trim(),
    stated: answer.original.slice(span.start, span.end).trim(),
  };
}

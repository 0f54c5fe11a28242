import type { AnalyzedText } from '../../text/analyze-text.js';
import type { LocatedQuantity, Quantity } from '../../text/quantities.js';
import { clauseIds } from './clauses.js';
import { atMost, compareQuantities, relativeGap, withinRange } from './quantity-compare.js';
import type { Coverage, ResolvedOptions } from './term-coverage.js';
import {
  attributiveDecade,
  COUNTED,
  isDecade,
  isFractionOf,
  isOrdinal,
  roundsTo,
  widenedRange,
} from './value-shapes.js';

export interface ValueFinding {
  /** The value the check states. */
  expected: Quantity;
  status: 'found' | 'close' | 'conflict' | 'absent';
  /** What the answer states instead (close or conflict). */
  stated?: Quantity;
  /** Where the answer states it (found). */
  at?: LocatedQuantity;
}

/**
 * How an answer value relates to the predicate of the check's value: `anchor`, the same
 * predicate or a synonym ("finished in 1887" for "completed in 1889"); `elsewhere`, another
 * predicate nearer to it ("opened in 1889"); `none`, neither.
 */
export type ValueRelation = 'anchor' | 'elsewhere' | 'none';

export interface ValueContext {
  /** Whether an answer value is stated about what the check's value is about. */
  readonly about: (located: LocatedQuantity) => boolean;
  /** The answer value's predicate against the check's (always `none` without a known predicate). */
  readonly relation?: (located: LocatedQuantity) => ValueRelation;
  /**
   * The check's other values: an answer value equal to one of them is accounted for ("18대 정부는
   * 17대에 비해": 18대 is no other value for 17대).
   */
  readonly others?: readonly Quantity[];
  /** All the check's other values, compared or not: none of them overrides a value stated elsewhere. */
  readonly checkValues?: readonly Quantity[];
  /** Whether an answer value counts what the check's value counts (false: never a conflict). */
  readonly sameType?: (located: LocatedQuantity) => boolean;
  /** The check's value is a bound ("up to 4,800 km", 최소 2주), or a plain value (null). */
  readonly expectedBound?: 'max' | 'min' | null;
  /** The check's value is a decade ("rebuilt in the 1860s", 1860년대): a year in it states it. */
  readonly expectedDecade?: boolean;
  /** Whether an answer value is a bound ("up to 9 months", 2주 이상). */
  readonly boundOf?: (located: LocatedQuantity) => 'max' | 'min' | null;
  /** The value's sentence says the whole claim: every key term of the check is in it. */
  readonly wholeClaim?: (located: LocatedQuantity) => boolean;
  /** Another part or kind of the subject holds the value (머리 발차기는 2점 for 몸통 발차기). */
  readonly otherHolder?: (located: LocatedQuantity) => boolean;
  /**
   * The answer's value is the check's other value `own` where the check puts it: given to its own
   * holder (한국 규칙은 6집 반), or to the predicate the two values share (4시 반부터 6시 반까지).
   */
  readonly heldByOther?: (located: LocatedQuantity, own: Quantity) => boolean;
  /** How much of the check's key terms the value's sentence holds (their weight). */
  readonly claimWeight?: (located: LocatedQuantity) => number;
}

/**
 * An answer bound that the check's value keeps: "up to nine months" allows "about eight months",
 * "more than 300 m" allows 324 m. Two bounds of one side compare as values ("up to 3,000 km" is
 * no "up to 4,800 km").
 */
function allowedByBound(expected: Quantity, q: Quantity, bound: 'max' | 'min' | null, own: 'max' | 'min' | null) {
  if (bound === null || bound === own) return false;
  // A span of dates: "from 1865" allows 1867, "until 1867" allows 1865 (ISO dates sort as written).
  if (expected.kind === 'date' && q.kind === 'date') {
    const [e, v] = [String(expected.value), String(q.value)];
    const n = Math.min(e.length, v.length);
    return bound === 'max' ? e.slice(0, n) <= v.slice(0, n) : v.slice(0, n) <= e.slice(0, n);
  }
  // The check's value on the allowed side of the bound: below an upper one, above a lower one.
  return bound === 'max' ? atMost(expected, q, 'max') === true : atMost(q, expected, 'min') === true;
}

/**
 * A count and a plain number with the same value state it: whatever word follows `404` in
 * "return 404 instead of 403", the answer states 404, so it is no conflict with a check about 404.
 */
function sameNumber(a: Quantity, b: Quantity): boolean {
  return COUNTED.has(a.kind) && COUNTED.has(b.kind) && a.value === b.value && (a.max ?? a.value) === (b.max ?? b.value);
}

/**
 * The check's date falls in the decade the answer names (1889 in "the 1880s"), or in its century
 * when the decade ends in 00 ("the late 1800s", 1800년대: 1889 may well be meant).
 */
function inDecade(expected: Quantity, decade: Quantity): boolean {
  if (expected.kind !== 'date' || decade.kind !== 'date') return false;
  const year = Number(String(expected.value).slice(0, 4));
  const start = Number(String(decade.value).slice(0, 4));
  return year >= start && year <= start + (start % 100 === 0 ? 99 : 9);
}

/** `q` is a date within `expected`, given more precisely: 1889-03 within 1889, 1889-06-12 within 1889-06. */
function refinesDate(expected: Quantity, q: Quantity): boolean {
  if (expected.kind !== 'date' || q.kind !== 'date' || expected.max !== undefined || q.max !== undefined) return false;
  const e = String(expected.value);
  const v = String(q.value);
  return /^\d{4}/.test(e) && v.length > e.length && v.startsWith(`${e}-`);
}

/** Kinds of value that are measured, so that a near value may be the same one. */
const MEASURES: ReadonlySet<string> = new Set(['length', 'mass', 'temperature', 'duration', 'money', 'size', 'area']);

/** A value right after "instead of" / "rather than", or right before 대신 / 아니라. */
function replaced(answer: AnalyzedText, at: { normStart: number; normEnd: number }): boolean {
  const i = answer.tokens.findIndex((t) => t.end > at.normStart);
  if (i < 0) return false;
  const before = answer.tokens.slice(Math.max(0, i - 2), i);
  let j = i;
  while (answer.tokens[j] && (answer.tokens[j]?.start ?? 0) < at.normEnd) j++;
  const after = answer.tokens[j];
  const k = answer.tokens[i]?.sentence;
  return (
    before.some((t) => t.replaces && t.scope === 'right' && t.sentence === k) ||
    (after?.replaces === true && after.scope === 'left' && after.sentence === k)
  );
}

/**
 * How the answer treats one value of the check. `about(located)` says whether an answer value
 * is stated about what the check's value is about (its sentence is about the check's subject,
 * or the value attaches to the same predicate): only there is a different value a conflict.
 */
export function findValue(
  expected: Quantity,
  answer: AnalyzedText,
  context: ValueContext,
  opts: ResolvedOptions,
): ValueFinding {
  const { about } = context;
  const relation = context.relation ?? (() => 'none');
  let close: Quantity | undefined;
  // Whether the near value is dated by the check's own predicate; one that is not does not excuse
  // a different value that is ("dates from 1961 … opened in 1970" for "opened in 1967").
  let closeAnchored = false;
  let closeAt: LocatedQuantity | undefined;
  const near = (q: Quantity, located: LocatedQuantity): void => {
    if (close) return;
    close = q;
    closeAt = located;
    closeAnchored = relation(located) === 'anchor';
  };
  let conflict: Quantity | undefined;
  // A different value dated by the check's own predicate, and the check's value dated by another:
  // "finished in 1930 … opened in 1932" for "completed in 1932" states another completion.
  let anchoredConflict: Quantity | undefined;
  let anchoredAt: LocatedQuantity | undefined;
  let foundElsewhere: LocatedQuantity | undefined;
  for (const located of answer.quantities) {
    if (isOrdinal(answer, located) || isFractionOf(answer, located) || attributiveDecade(answer, located)) continue;
    const q = widenedRange(answer, located);
    // "between 1865 and 1867" for "in the 1860s": the answer dates it more precisely.
    if (context.expectedDecade && !replaced(answer, located) && inDecade(q, expected))
      return { expected, status: 'found', at: located };
    // A decade is a loose time: a year outside it conflicts only when the check's own predicate dates it.
    if (context.expectedDecade && q.kind === 'date' && relation(located) !== 'anchor') continue;
    if (isDecade(answer, located) && inDecade(expected, q)) {
      near(q, located);
      continue;
    }
    const rel = compareQuantities(expected, q);
    // "404 instead of 403" states 404 and puts 403 aside: a replaced value is not stated.
    if ((rel === 'equal' || sameNumber(expected, q)) && !replaced(answer, located)) {
      // "몸통 발차기는 1점, 머리 발차기는 2점" for 몸통 발차기는 2점: the 2 is the head kick's.
      if (context.otherHolder?.(located)) continue;
      // 중건을 시작해 1867년에 마쳤습니다 for 1867년에 중건을 마쳤다: the claim is said whole with it.
      if (relation(located) !== 'elsewhere' || context.wholeClaim?.(located))
        return { expected, status: 'found', at: located };
      foundElsewhere ??= located;
      continue;
    }
    // A value inside the range the check gives states it (450 °C for "430-485 °C").
    if (rel === 'overlap' && expected.max !== undefined && withinRange(q, expected))
      return { expected, status: 'found', at: located };
    // A more precise date inside the check's states it ("March 1889" for "in 1889").
    if (rel === 'overlap' && refinesDate(expected, q) && !replaced(answer, located))
      return { expected, status: 'found', at: located };
    // A value that rounds to the check's states it ("2,737 m" for "2.7 km", version 3.12.1 for 3.12).
    if (rel === 'different' && roundsTo(expected, q) && !replaced(answer, located))
      return { expected, status: 'found', at: located };
    if (rel === 'overlap') near(q, located);
    if (rel !== 'different') continue;
    // The answer rounds more coarsely than the check ("2.7 km" for "2,737 m"): close, not another value.
    if (roundsTo(q, expected)) {
      near(q, located);
      continue;
    }
    const gap = relativeGap(expected, q);
    if ((expected.approx || q.approx) && gap !== null && gap <= opts.approxTolerance) {
      near(q, located);
      continue;
    }
    // A measure within a few per cent is the same fact measured or rounded otherwise (324 m for
    // 330 m), not another value; dates and counts are exact (1887 is not 1889, 4 players not 5).
    if (MEASURES.has(expected.kind) && gap !== null && gap <= opts.approxTolerance / 2) {
      near(q, located);
      continue;
    }
    if (context.others?.some((o) => compareQuantities(o, q) === 'equal')) continue;
    if (allowedByBound(expected, q, context.boundOf?.(located) ?? null, context.expectedBound ?? null)) {
      near(q, located);
      continue;
    }
    if (context.sameType && !context.sameType(located)) continue;
    // "Eleven workers died" for "saved 19 workers, though 11 men died": the check's other value,
    // unless it is given this value's predicate (1446년에 만들었다 for 1443년에 만들고 1446년에 반포).
    const own = context.checkValues?.find((o) => compareQuantities(o, q) === 'equal');
    const ownValue = own !== undefined;
    const anchored = relation(located) === 'anchor';
    if (ownValue && (!anchored || context.heldByOther?.(located, own))) continue;
    if (about(located)) conflict ??= q;
    if (anchored && !ownValue && !anchoredConflict) {
      anchoredConflict = q;
      anchoredAt = located;
    }
  }
  // "4. 1997, 1999 and 2002: further visits replaced instruments" beside "launched on mission
  // STS-31 in April 1990": the check's value said where more of the claim is said stands.
  const weight = context.claimWeight;
  const foundTells = foundElsewhere && anchoredAt && weight && weight(foundElsewhere) > weight(anchoredAt);
  if (foundElsewhere && anchoredConflict && !foundTells)
    return { expected, status: 'conflict', stated: anchoredConflict };
  if (foundElsewhere) return { expected, status: 'found', at: foundElsewhere };
  // "In 1914 Ford began paying workers $5 a day" beside "launched in 1908" for "introduces the $5
  // workday in January 1914": the near value said with more of the claim is the claim's.
  const closeTells = closeAt && anchoredAt && weight && weight(closeAt) > weight(anchoredAt);
  if (close && anchoredConflict && !closeAnchored && !closeTells)
    return { expected, status: 'conflict', stated: anchoredConflict };
  if (close) return { expected, status: 'close', stated: close };
  if (conflict) return { expected, status: 'conflict', stated: conflict };
  return { expected, status: 'absent' };
}

/**
 * Sentences that talk about the check's subject: they hold at least half of
 * the key terms the answer contains, and at least `least` of their weight. A
 * different value is a conflict only there, so a second date elsewhere in the
 * answer is not.
 */
export function subjectSentences(cov: Coverage, answer: AnalyzedText, least = 0.3): Set<number> {
  const per = new Map<number, number>();
  const total = cov.hits.reduce((s, h) => s + h.weight, 0);
  for (const h of cov.hits) {
    for (const s of new Set(h.positions.map((p) => answer.tokens[p]?.sentence ?? 0))) {
      per.set(s, (per.get(s) ?? 0) + h.weight);
    }
  }
  const out = new Set<number>();
  for (const [s, w] of per) if (w >= Math.max(least, total * 0.5)) out.add(s);
  if (total === 0) for (let s = 0; s < answer.sentences.length; s++) out.add(s);
  return out;
}

/** The sentence an answer value sits in. */
export const sentenceOf = (answer: AnalyzedText, at: LocatedQuantity): number | undefined =>
  answer.tokens.find((t) => t.end > at.normStart)?.sentence;

/**
 * The value sits in a clause of its sentence that holds less of the check's key terms than
 * another clause does: "Summer adults live two to six weeks, while the migrating generation lives
 * much longer", 여름 세대는 2~6주를 살지만 이동 세대는 오래 산다. The sentence contrasts two
 * things, and the value is about the one the check is not about.
 */
export function outweighedClause(cov: Coverage, answer: AnalyzedText, at: LocatedQuantity): boolean {
  const clause = clauseIds(answer);
  const i = answer.tokens.findIndex((t) => t.end > at.normStart);
  const own = clause[i];
  const sentence = answer.tokens[i]?.sentence;
  if (own === undefined) return false;
  const per = new Map<number, number>();
  for (const h of cov.hits) {
    const clauses = new Set(h.positions.filter((p) => answer.tokens[p]?.sentence === sentence).map((p) => clause[p]));
    for (const c of clauses) if (c !== undefined) per.set(c, (per.get(c) ?? 0) + h.weight);
  }
  const mine = per.get(own) ?? 0;
  return [...per].some(([c, w]) => c !== own && w > mine);
}

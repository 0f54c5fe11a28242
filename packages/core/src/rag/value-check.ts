import { compareQuantities, sameQuantity } from '../judge/offline/quantity-compare.js';
import type { RequiredFact } from '../schema/golden-set.js';
import type { Verdict } from '../schema/ids.js';
import { extractQuantities, type Quantity } from '../text/quantities.js';

export interface ValueCheck {
  /** Values of the fact that the answer states (verbatim after normalisation, or as the same quantity). */
  readonly stated: string[];
  readonly missing: string[];
  /** A value the answer gives instead: same kind and unit, different number. */
  readonly conflicts: { value: string; found: string }[];
}

export function normalizeValueText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s,]/g, '');
}

/**
 * Check a fact's exact values in the answer. `otherValues` are the values of
 * the question's other facts: a number that belongs to another fact ("15분"
 * for the call-out when this fact is the 30-minute notice) is not a conflict.
 */
export function checkFactValues(opts: {
  fact: Pick<RequiredFact, 'values'>;
  answer: string;
  /** `normalizeValueText(answer)`, when the caller checks several facts of one answer. */
  answerNorm?: string;
  otherValues?: readonly string[];
  /** The answer's quantities, or a function computing them on first need (extraction is the costly part). */
  answerQuantities?: readonly Quantity[] | (() => readonly Quantity[]);
}): ValueCheck {
  const answerNorm = opts.answerNorm ?? normalizeValueText(opts.answer);
  let found: readonly Quantity[] | undefined;
  const answerQuantities = (): readonly Quantity[] => {
    if (found) return found;
    const given = opts.answerQuantities;
    found = typeof given === 'function' ? given() : (given ?? extractQuantities(opts.answer));
    return found;
  };
  const stated: string[] = [];
  const missing: string[] = [];
  const conflicts: { value: string; found: string }[] = [];
  for (const value of opts.fact.values) {
    // A value written as in the fact needs no extraction.
    if (containsValue(answerNorm, normalizeValueText(value))) {
      stated.push(value);
      continue;
    }
    const want = quantitiesOf(value);
    const inAnswer = answerQuantities();
    if (want.length > 0 && want.every((w) => inAnswer.some((f) => sameQuantity(f, w)))) {
      stated.push(value);
      continue;
    }
    missing.push(value);
    const others = (opts.otherValues ?? []).flatMap((v) => quantitiesOf(v));
    const clash = inAnswer.find(
      (f) => want.some((w) => compareQuantities(w, f) === 'different') && !others.some((o) => sameQuantity(o, f)),
    );
    if (clash) conflicts.push({ value, found: clash.raw });
  }
  return { stated, missing, conflicts };
}

const DIGIT = /[\p{N}.]/u;
/** Literal occurrence not glued to more digits: "5분" is not in "15분", "1.5" is not in "1.55". */
/** Whether normalised `haystack` states normalised value `needle`, not as part of a longer number. */
export function containsValue(haystack: string, needle: string): boolean {
  if (!needle) return false;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    const before = haystack[i - 1];
    const after = haystack[i + needle.length];
    const startsNum = DIGIT.test(needle[0] ?? '');
    const endsNum = DIGIT.test(needle[needle.length - 1] ?? '');
    if (startsNum && before !== undefined && DIGIT.test(before)) continue;
    if (endsNum && after !== undefined && /\p{N}/u.test(after)) continue;
    return true;
  }
  return false;
}

// Golden-set values repeat across questions ("30분", "v2.4"): read each once.
const valueCache = new Map<string, readonly Quantity[]>();
function quantitiesOf(value: string): readonly Quantity[] {
  let q = valueCache.get(value);
  if (!q) {
    q = extractQuantities(value);
    if (valueCache.size > 10_000) valueCache.clear();
    valueCache.set(value, q);
  }
  return q;
}

/**
 * Code overrides the judge on exact values (SPEC §7): a conflicting value makes
 * the fact `contradicts`; a value not stated keeps it from `meets`.
 */
export function applyValueCheck(judged: Verdict, check: ValueCheck): Verdict {
  if (check.conflicts.length > 0) return 'contradicts';
  if (check.missing.length === 0 || judged !== 'meets') return judged;
  return check.stated.length > 0 ? 'partially_meets' : 'missing';
}

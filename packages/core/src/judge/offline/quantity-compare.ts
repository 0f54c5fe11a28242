import type { Quantity } from '../../text/quantities.js';
import { KILO } from '../../text/quantity-units.js';

/**
 * - `equal`: the same value (after unit conversion), or the same range
 * - `overlap`: compatible but not the same: a value inside a range, or a date given less precisely
 * - `different`: same kind and comparable unit, different value: a conflict
 * - `incomparable`: different kinds or units (`3 days` vs `3 %`), never a conflict
 */
export type QuantityComparison = 'equal' | 'overlap' | 'different' | 'incomparable';

/**
 * Each canonical unit in a common one per kind (seconds, metres, grams): 3,000 miles and 4,800 km,
 * 38 lb and 17 kg, two weeks and eight months compare. A month is 30.44 days on average, so a
 * month and a week or a day convert only loosely (four weeks is about a month).
 */
const COMMON: Readonly<Record<string, number>> = {
  second: 1,
  minute: 60,
  month: 2_629_746,
  metre: 1,
  foot: 0.3048,
  mile: 1609.344,
  gram: 1,
  pound: 453.59237,
  ounce: 28.349523125,
  inch: 0.0254,
  yard: 0.9144,
};

/**
 * キロ or 킬로 alone read as what it is compared with: kilometres against a length, kilograms
 * against a mass (its value is already in thousands). Against anything else it stays its own unit.
 */
function asKilo(q: Quantity, other: Quantity): Quantity {
  if (q.unit !== KILO || other.unit === KILO) return q;
  if (other.kind === 'length') return { ...q, kind: 'length', unit: 'metre' };
  if (other.kind === 'mass') return { ...q, kind: 'mass', unit: 'gram' };
  return q;
}
const LOOSE: ReadonlySet<string> = new Set(['month']);
/** A value converted from another unit is written rounded: 150 feet for 45 m, 3,000 miles for 4,800 km. */
const ROUNDED = 0.02;
/** Months against days or weeks: 30 days is a month, four weeks about one. */
const ROUGH = 0.1;
/** A hedged year ("around 1890", "c. 1888", 1890年前後) stands for the years this far around it. */
export const HEDGE_YEARS = 2;

interface Conversion {
  /** `b`'s value in `a`'s unit. */
  readonly to: (x: number) => number;
  /** Converted between units that only roughly convert (months and days), or rounded when written (feet and metres). */
  readonly loose: number;
}

/** Converts `b`'s values to `a`'s unit, or null when the units do not convert. */
function conversion(a: Quantity, b: Quantity): Conversion | null {
  if (a.unit === b.unit) return { to: (x) => x, loose: 0 };
  if (a.kind === 'temperature' && b.kind === 'temperature')
    return { to: a.unit === '°C' ? (x) => ((x - 32) * 5) / 9 : (x) => (x * 9) / 5 + 32, loose: ROUNDED };
  const fa = COMMON[a.unit];
  const fb = COMMON[b.unit];
  if (fa === undefined || fb === undefined || a.kind !== b.kind) return null;
  // Seconds and minutes convert exactly, as 90 seconds are 1.5 minutes.
  const exact = a.kind === 'duration' && !LOOSE.has(a.unit) && !LOOSE.has(b.unit);
  return { to: (x) => (x * fb) / fa, loose: exact ? 0 : LOOSE.has(a.unit) || LOOSE.has(b.unit) ? ROUGH : ROUNDED };
}

const close = (x: number, y: number, tolerance = 0) =>
  Math.abs(x - y) <= Math.max(1e-9, tolerance) * Math.max(1, Math.abs(x), Math.abs(y));

/** A hedged year against a year within `HEDGE_YEARS`: `around 1890` and `1889`. */
function hedgedYears(a: Quantity, b: Quantity): boolean {
  if (!(a.approx || b.approx)) return false;
  const ya = /^\d{4}$/.test(String(a.value)) ? Number(a.value) : null;
  const yb = /^\d{4}$/.test(String(b.value)) ? Number(b.value) : null;
  return ya !== null && yb !== null && Math.abs(ya - yb) <= HEDGE_YEARS;
}

function compareDates(a: string, b: string): QuantityComparison {
  const parts = (s: string) => {
    const m = /^(\d{4}|-)-?(\d{2})?-?(\d{2})?$/.exec(s);
    return m ? [m[1] === '-' ? undefined : m[1], m[2], m[3]] : [s, undefined, undefined];
  };
  const pa = parts(a);
  const pb = parts(b);
  let shared = 0;
  for (let i = 0; i < 3; i++) {
    if (pa[i] === undefined || pb[i] === undefined) continue;
    if (pa[i] !== pb[i]) return 'different';
    shared++;
  }
  if (shared === 0) return 'incomparable';
  // A day of the year without its year (매년 11월 22일, "on 15 May") is stated by that day in any year.
  const dayOfYear = (p: (string | undefined)[], q: (string | undefined)[]) =>
    p[0] === undefined && p[1] !== undefined && p[2] !== undefined && q[1] !== undefined && q[2] !== undefined;
  if (dayOfYear(pa, pb) || dayOfYear(pb, pa)) return 'equal';
  return a === b ? 'equal' : 'overlap';
}

/**
 * 679년 written bare reads as a length of 679 years, 679년에 as the year 679: the same Korean
 * number of 년 with three digits is one year either way (never a conflict when they differ).
 */
function koreanYear(length: Quantity, date: Quantity): boolean {
  if (length.kind !== 'duration' || date.kind !== 'date' || !/년$/u.test(length.raw)) return false;
  const years = (length.value as number) / 12;
  return years >= 100 && years < 1000 && /^\d{4}$/u.test(String(date.value)) && Number(date.value) === years;
}

const maybeYear = (q: Quantity) =>
  q.kind === 'duration' && /^[1-9]\d{2}\s?년$/u.test(q.raw) && !q.approx && (q.value as number) % 12 === 0;

/** How two quantities relate; symmetric. */
export function compareQuantities(first: Quantity, second: Quantity): QuantityComparison {
  const a = asKilo(first, second);
  const b = asKilo(second, first);
  if (a.kind !== b.kind) return koreanYear(a, b) || koreanYear(b, a) ? 'equal' : 'incomparable';
  // 679년 동궁을 짓는다 may date the building: "a few years" (몇 년) is no other length for it.
  if ((maybeYear(a) && b.vague) || (maybeYear(b) && a.vague)) return 'incomparable';
  if (a.kind === 'date') {
    const rel = compareDates(String(a.value), String(b.value));
    return rel === 'different' && hedgedYears(a, b) ? 'overlap' : rel;
  }
  if (typeof a.value === 'string' || typeof b.value === 'string') {
    if (a.unit !== b.unit) return 'incomparable';
    return String(a.value) === String(b.value) ? 'equal' : 'different';
  }
  const k = conversion(a, b);
  if (k === null) return 'incomparable';
  const aLo = a.value;
  const aHi = a.max ?? a.value;
  const bLo = k.to(b.value as number);
  const bHi = k.to(b.max ?? (b.value as number));
  if (close(aLo, bLo, k.loose) && close(aHi, bHi, k.loose)) return 'equal';
  if (aLo <= bHi * (1 + k.loose) + 1e-9 && bLo <= aHi * (1 + k.loose) + 1e-9) return 'overlap';
  // A hedged single value stands for what rounds to it; a range states its spread already
  // ("about 60 to 90 seconds" is not two minutes).
  if (a.max === undefined && b.max === undefined && (a.approx || b.approx)) {
    const sa = a.approx ? (a.spread ?? 0) : 0;
    const sb = b.approx ? Math.abs(k.to((b.value as number) + (b.spread ?? 0)) - bLo) : 0;
    if (aLo - sa <= (bLo + sb) * (1 + k.loose) + 1e-9 && bLo - sb <= (aLo + sa) * (1 + k.loose) + 1e-9)
      return 'overlap';
  }
  return 'different';
}

/** The same value in possibly different words: `90분` and `1시간 30분`, `₩500,000` and `50만 원`. */
export function sameQuantity(a: Quantity, b: Quantity): boolean {
  return compareQuantities(a, b) === 'equal';
}

/** Relative distance between two comparable numeric quantities (0 = equal), or null. */
export function relativeGap(first: Quantity, second: Quantity): number | null {
  const a = asKilo(first, second);
  const b = asKilo(second, first);
  if (typeof a.value !== 'number' || typeof b.value !== 'number') return null;
  const k = conversion(a, b);
  if (k === null || a.kind !== b.kind) return null;
  const x = a.value;
  const y = k.to(b.value);
  return Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y), 1e-12);
}

/** Whether numeric quantity `q` (a value or range) lies inside the range `range` states. */
export function withinRange(value: Quantity, wide: Quantity): boolean {
  const q = asKilo(value, wide);
  const range = asKilo(wide, value);
  if (typeof q.value !== 'number' || typeof range.value !== 'number' || range.max === undefined) return false;
  if (q.kind !== range.kind) return false;
  const k = conversion(range, q);
  if (k === null) return false;
  const slack = k.loose * Math.abs(range.max);
  return k.to(q.value) >= range.value - slack - 1e-9 && k.to(q.max ?? q.value) <= range.max + slack + 1e-9;
}

/**
 * Whether `a` is at most `b` (after unit conversion): the upper end of `a` against the upper end
 * of `b` (`end` max) or the lower ends (`end` min). Null when they do not compare.
 */
export function atMost(first: Quantity, second: Quantity, end: 'max' | 'min'): boolean | null {
  const a = asKilo(first, second);
  const b = asKilo(second, first);
  if (a.kind !== b.kind || typeof a.value !== 'number' || typeof b.value !== 'number') return null;
  const k = conversion(a, b);
  if (k === null) return null;
  const x = end === 'max' ? (a.max ?? a.value) : a.value;
  const y = k.to(end === 'max' ? (b.max ?? b.value) : b.value);
  return x <= y * (1 + k.loose) + 1e-9;
}

import type { Quantity } from '../../text/quantities.js';

/**
 * - `equal`: the same value (after unit conversion), or the same range
 * - `overlap`: compatible but not the same: a value inside a range, or a date given less precisely
 * - `different`: same kind and comparable unit, different value: a conflict
 * - `incomparable`: different kinds or units (`3 days` vs `3 %`), never a conflict
 */
export type QuantityComparison = 'equal' | 'overlap' | 'different' | 'incomparable';

const SECONDS_PER: Readonly<Record<string, number>> = { second: 1, minute: 60 };

/** Converts `b`'s numeric value to `a`'s unit, or null when the units do not convert. */
function conversion(a: Quantity, b: Quantity): number | null {
  if (a.unit === b.unit) return 1;
  const fa = SECONDS_PER[a.unit];
  const fb = SECONDS_PER[b.unit];
  return a.kind === 'duration' && fa !== undefined && fb !== undefined ? fb / fa : null;
}

const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));

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
  return a === b ? 'equal' : 'overlap';
}

/** How two quantities relate; symmetric. */
export function compareQuantities(a: Quantity, b: Quantity): QuantityComparison {
  if (a.kind !== b.kind) return 'incomparable';
  if (a.kind === 'date') return compareDates(String(a.value), String(b.value));
  if (typeof a.value === 'string' || typeof b.value === 'string') {
    if (a.unit !== b.unit) return 'incomparable';
    return String(a.value) === String(b.value) ? 'equal' : 'different';
  }
  const k = conversion(a, b);
  if (k === null) return 'incomparable';
  const aLo = a.value;
  const aHi = a.max ?? a.value;
  const bLo = (b.value as number) * k;
  const bHi = (b.max ?? (b.value as number)) * k;
  if (close(aLo, bLo) && close(aHi, bHi)) return 'equal';
  if (aLo <= bHi + 1e-9 && bLo <= aHi + 1e-9) return 'overlap';
  return 'different';
}

/** The same value in possibly different words: `90분` and `1시간 30분`, `₩500,000` and `50만 원`. */
export function sameQuantity(a: Quantity, b: Quantity): boolean {
  return compareQuantities(a, b) === 'equal';
}

/** Relative distance between two comparable numeric quantities (0 = equal), or null. */
export function relativeGap(a: Quantity, b: Quantity): number | null {
  if (typeof a.value !== 'number' || typeof b.value !== 'number') return null;
  const k = conversion(a, b);
  if (k === null || a.kind !== b.kind) return null;
  const x = a.value;
  const y = b.value * k;
  return Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y), 1e-12);
}

/** Whether numeric quantity `q` (a value or range) lies inside the range `range` states. */
export function withinRange(q: Quantity, range: Quantity): boolean {
  if (typeof q.value !== 'number' || typeof range.value !== 'number' || range.max === undefined) return false;
  if (q.kind !== range.kind) return false;
  const k = conversion(range, q);
  if (k === null) return false;
  return q.value * k >= range.value - 1e-9 && (q.max ?? q.value) * k <= range.max + 1e-9;
}

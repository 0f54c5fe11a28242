import { sampleCorrelation, sampleRankCorrelation } from 'simple-statistics';
import type { Ci95 } from './resample.js';

/** Null when undefined: fewer than two pairs or a constant series. */
function finite(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function checkPaired(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) throw new RangeError(`paired series differ in length: ${x.length} vs ${y.length}`);
}

/** Pearson's r; null when undefined. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  checkPaired(x, y);
  if (x.length < 2) return null;
  return finite(sampleCorrelation(x as number[], y as number[]));
}

/** Spearman's rho: Pearson on mid-ranks (ties share the mean of the ranks they span); null when undefined. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  checkPaired(x, y);
  if (x.length < 2) return null;
  return finite(sampleRankCorrelation(x as number[], y as number[]));
}

/** Mid-ranks, 1-based: tied values share the mean of the ranks they span. */
export function midRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) ranks[order[k]?.[1] as number] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/**
 * Kendall's tau-b, which corrects for ties in either series:
 * (C − D) / √((n0 − n1)(n0 − n2)). O(n²): meant for rankings of models or
 * answers, not for millions of points. Null when either series is constant.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  checkPaired(x, y);
  const n = x.length;
  if (n < 2) return null;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign((x[i] as number) - (x[j] as number));
      const dy = Math.sign((y[i] as number) - (y[j] as number));
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const n0 = (n * (n - 1)) / 2;
  const denom = Math.sqrt((n0 - tiesX) * (n0 - tiesY));
  return denom === 0 ? null : (concordant - discordant) / denom;
}

export type CorrelationKind = 'pearson' | 'spearman' | 'kendall';

/**
 * Confidence interval by Fisher's z transform. Standard errors: 1/√(n−3)
 * for Pearson, √(1.06/(n−3)) for Spearman and √(0.437/(n−4)) for Kendall
 * (Fieller, Hartley and Pearson 1957). Null when n is too small or |r| = 1.
 */
export function fisherZCi(r: number | null, n: number, kind: CorrelationKind, level = 0.95): Ci95 | null {
  if (r === null || Math.abs(r) >= 1) return null;
  const dof = kind === 'kendall' ? n - 4 : n - 3;
  if (dof <= 0) return null;
  const se = kind === 'pearson' ? 1 / Math.sqrt(dof) : Math.sqrt((kind === 'spearman' ? 1.06 : 0.437) / dof);
  const z = Math.atanh(r);
  const q = normalQuantile((1 + level) / 2);
  return [Math.tanh(z - q * se), Math.tanh(z + q * se)];
}

/** Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must lie strictly between 0 and 1');
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const poly = (k: number[], x: number) => k.reduce((acc, v) => acc * x + v, 0);
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

import type { Random } from '../ports/random.js';
import { DEFAULT_RESAMPLES, quantileSorted } from '../score/bootstrap.js';

export type Ci95 = [number, number];

export interface ResampleOptions {
  /** Passed in so intervals are reproducible: same seed, same interval. */
  random: Random;
  /** Default 1,000. */
  resamples?: number;
  /** Default 0.95. */
  level?: number;
}

/**
 * Percentile bootstrap of any statistic over `n` units (items, questions,
 * models): each resample draws n unit indices with replacement and calls
 * `statistic` on them. Resamples where the statistic is undefined (null, e.g.
 * a kappa whose raters used one label only) are left out; null when fewer
 * than half of them are defined, since such an interval would mislead.
 */
export function bootstrapCi(
  n: number,
  statistic: (indices: Int32Array) => number | null,
  options: ResampleOptions,
): Ci95 | null {
  if (n < 2) return null;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError('resamples must be a positive integer');
  if (!(level > 0 && level < 1)) throw new RangeError('level must lie strictly between 0 and 1');
  const values: number[] = [];
  const idx = new Int32Array(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) idx[i] = (options.random() * n) | 0;
    const v = statistic(idx);
    if (v !== null && Number.isFinite(v)) values.push(v);
  }
  if (values.length * 2 < resamples) return null;
  values.sort((a, b) => a - b);
  return [quantileSorted(values, (1 - level) / 2), quantileSorted(values, (1 + level) / 2)];
}

/** Picks `values[indices[i]]` for every i. */
export function pick<T>(values: readonly T[], indices: ArrayLike<number>): T[] {
  const out: T[] = new Array(indices.length);
  for (let i = 0; i < indices.length; i++) out[i] = values[indices[i] as number] as T;
  return out;
}

/** Arithmetic mean; null for none. */
export function meanOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

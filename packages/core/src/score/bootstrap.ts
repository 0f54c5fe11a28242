import type { Random } from '../ports/random.js';

export interface BootstrapOptions {
  /** Passed in so the interval is reproducible: same seed, same interval. */
  random: Random;
  /** Default 1,000. */
  resamples?: number;
  /** Default 0.95. */
  level?: number;
}

export const DEFAULT_RESAMPLES = 1000;

/** Arithmetic mean; null for no values (undefined, not 0). */
export function mean(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return sum / values.length;
}

/**
 * Percentile bootstrap interval of the mean: resample the values with
 * replacement, take the mean of each resample, and read the (1−level)/2 and
 * (1+level)/2 quantiles (linear interpolation) of those means. Null for no values.
 */
export function bootstrapMeanCi(values: ArrayLike<number>, options: BootstrapOptions): [number, number] | null {
  const n = values.length;
  if (n === 0) return null;
  const { resamples, level } = checked(options);
  const means = new Float64Array(resamples);
  const { random } = options;
  const xs = Float64Array.from(values);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    // random() < 1, so the index is floor(random·n) < n; `| 0` is that floor for n < 2³¹.
    for (let i = 0; i < n; i++) sum += xs[(random() * n) | 0] as number;
    means[b] = sum / n;
  }
  return interval(means, level);
}

/**
 * Exactly `bootstrapMeanCi(values, { random: seededRandom(seed), … })` (the
 * test compares them), with mulberry32 written into the loop: a function call
 * per draw was most of its cost, and scoring draws resamples × answers values
 * for every cell of the report (about three times faster).
 */
export function bootstrapMeanCiSeeded(
  values: ArrayLike<number>,
  options: Omit<BootstrapOptions, 'random'> & { seed: number },
): [number, number] | null {
  const n = values.length;
  if (n === 0) return null;
  const { resamples, level } = checked(options);
  const means = new Float64Array(resamples);
  const xs = Float64Array.from(values);
  let a = options.seed >>> 0;
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      // One step of seededRandom's mulberry32.
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      sum += xs[((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0] as number;
    }
    means[b] = sum / n;
  }
  return interval(means, level);
}

function checked(options: { resamples?: number | undefined; level?: number | undefined }) {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must lie strictly between 0 and 1`);
  return { resamples, level };
}

function interval(means: Float64Array, level: number): [number, number] {
  means.sort();
  return [quantileSorted(means, (1 - level) / 2), quantileSorted(means, (1 + level) / 2)];
}

/** Linear interpolation between order statistics (R's type 7, NumPy's default). */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (h - lo) * (b - a);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapMeanCi, bootstrapMeanCiSeeded, mean, quantileSorted } from './bootstrap.js';
import { seededRandom } from './seeded-random.js';

/** A Random that replays a fixed cycle, so the resamples can be followed by hand. */
const cycle = (values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('bootstrapMeanCi', () => {
  it('follows the percentile method by hand: resample means 0.5, 1, 0, 0.5 → [0.0375, 0.9625]', () => {
    // values [0, 1]; draws pick indices (0,1), (1,1), (0,0), (1,0).
    const random = cycle([0.1, 0.6, 0.6, 0.6, 0.1, 0.1, 0.6, 0.1]);
    const ci = bootstrapMeanCi([0, 1], { random, resamples: 4 });
    // sorted means [0, .5, .5, 1]: 2.5% at h=0.075 → 0.0375; 97.5% at h=2.925 → 0.5 + 0.925·0.5.
    expect(ci?.[0]).toBeCloseTo(0.0375, 12);
    expect(ci?.[1]).toBeCloseTo(0.9625, 12);
  });

  it('is the value itself for one value or identical values, and null for none', () => {
    expect(bootstrapMeanCi([0.4], { random: seededRandom(0) })).toEqual([0.4, 0.4]);
    expect(bootstrapMeanCi([0.25, 0.25, 0.25], { random: seededRandom(3) })).toEqual([0.25, 0.25]);
    expect(bootstrapMeanCi([], { random: seededRandom(0) })).toBeNull();
  });

  it('is reproducible with a seed and contains the mean', () => {
    const values = [0.1, 0.9, 0.4, 0.5, -0.3, 0.7, 0.2, 0.8, 0.6, 0.0];
    const a = bootstrapMeanCi(values, { random: seededRandom(7) });
    const b = bootstrapMeanCi(values, { random: seededRandom(7) });
    const c = bootstrapMeanCi(values, { random: seededRandom(8) });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    const m = mean(values) as number;
    expect(m).toBeCloseTo(0.39, 12);
    const [lo, hi] = a as [number, number];
    expect(lo).toBeLessThan(m);
    expect(hi).toBeGreaterThan(m);
    // The standard error is sd/√n ≈ 0.12, so the 95% interval spans roughly ±0.24.
    expect(hi - lo).toBeGreaterThan(0.3);
    expect(hi - lo).toBeLessThan(0.6);
  });

  it('rejects a non-positive number of resamples', () => {
    expect(() => bootstrapMeanCi([1], { random: seededRandom(0), resamples: 0 })).toThrow(/resamples/);
  });
});

describe('quantileSorted', () => {
  it('interpolates linearly between order statistics', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
  });
});

describe('bootstrapMeanCiSeeded', () => {
  it('gives exactly the interval of bootstrapMeanCi with seededRandom(seed)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0.5, 0.9, 0.95),
        (values, seed, resamples, level) => {
          expect(bootstrapMeanCiSeeded(values, { seed, resamples, level })).toEqual(
            bootstrapMeanCi(values, { random: seededRandom(seed), resamples, level }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects what bootstrapMeanCi rejects', () => {
    expect(() => bootstrapMeanCiSeeded([1], { seed: 1, resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapMeanCiSeeded([1], { seed: 1, level: 1 })).toThrow(RangeError);
    expect(bootstrapMeanCiSeeded([], { seed: 1 })).toBeNull();
  });
});

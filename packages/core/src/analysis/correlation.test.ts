import { describe, expect, it } from 'vitest';
import { fisherZCi, kendallTauB, midRanks, normalQuantile, pearson, spearman } from './correlation.js';

describe('rank correlations on hand-computed cases', () => {
  it('Kendall tau-b and Spearman without ties', () => {
    // Discordant pairs: (1,2) and (3,4) → C = 8, D = 2, tau = 6/10; Σd² = 4 → rho = 1 − 6·4/(5·24) = 0.8
    const x = [1, 2, 3, 4, 5];
    const y = [2, 1, 4, 3, 5];
    expect(kendallTauB(x, y)).toBeCloseTo(0.6, 12);
    expect(spearman(x, y)).toBeCloseTo(0.8, 12);
  });

  it('Kendall tau-b and Spearman with ties in both series', () => {
    // x = 1,2,2,3; y = 1,3,2,3: C = 4, D = 0, one tie in x, one in y → tau-b = 4/√(5·5) = 0.8.
    // Mid-ranks x 1,2.5,2.5,4 and y 1,3.5,2,3.5: cov 3.75, both variances 4.5 → rho = 0.8333…
    const x = [1, 2, 2, 3];
    const y = [1, 3, 2, 3];
    expect(midRanks(x)).toEqual([1, 2.5, 2.5, 4]);
    expect(kendallTauB(x, y)).toBeCloseTo(0.8, 12);
    expect(spearman(x, y)).toBeCloseTo(3.75 / 4.5, 12);
  });

  it('is null, not NaN, when a series is constant or too short', () => {
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearman([2, 2], [1, 2])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
    expect(() => pearson([1, 2], [1])).toThrow(RangeError);
  });

  it('Fisher z intervals', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
    // r = 0.5, n = 28: z = 0.549306, se = 0.2 → tanh(0.549306 ± 0.391993)
    const ci = fisherZCi(0.5, 28, 'pearson');
    expect(ci?.[0]).toBeCloseTo(Math.tanh(0.549306 - 0.391993), 5);
    expect(ci?.[1]).toBeCloseTo(Math.tanh(0.549306 + 0.391993), 5);
    expect(fisherZCi(0.5, 4, 'kendall')).toBeNull();
    expect(fisherZCi(1, 40, 'spearman')).toBeNull();
  });
});
